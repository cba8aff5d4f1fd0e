import type { FaultDefinition } from './types.js';

/** Deviations of the §5 authentication rules. */
export const faults = [
  { name: 'v1-auth-missing-token-403', section: '5', description: 'v1: a request without a token answers 403 instead of 401' },
  { name: 'v2-auth-missing-token-403', section: '5', description: 'v2: a request without a token answers 403 instead of 401' },
  { name: 'v1-auth-unknown-token-403', section: '5', description: 'v1: an unknown token answers 403 instead of 401' },
  { name: 'v2-auth-unknown-token-403', section: '5', description: 'v2: an unknown token answers 403 instead of 401' },
  { name: 'v1-auth-expired-token-accepted', section: '5', description: 'v1: an expired token is accepted like a valid one instead of answering 403' },
  { name: 'v2-auth-expired-token-accepted', section: '5', description: 'v2: an expired token is accepted like a valid one instead of answering 403' },
  { name: 'v1-auth-expired-token-401', section: '5', description: 'v1: an expired token answers 401 instead of 403' },
  { name: 'v2-auth-expired-token-401', section: '5', description: 'v2: an expired token answers 401 instead of 403' },
  { name: 'v1-auth-inactive-channel-accepted', section: '5', description: 'v1: a token of an inactive sales channel is accepted instead of answering 403' },
  { name: 'v2-auth-inactive-channel-accepted', section: '5', description: 'v2: a token of an inactive sales channel is accepted instead of answering 403' },
  { name: 'v1-auth-inactive-channel-401', section: '5', description: 'v1: a token of an inactive sales channel answers 401 instead of 403' },
] as const satisfies readonly FaultDefinition[];
