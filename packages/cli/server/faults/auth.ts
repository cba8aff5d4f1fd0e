import type { FaultDefinition } from './types.js';

/** Deviations of the §4 and §5 authentication rules: the answer to a missing, unknown, expired or inactive token, and a token checked before anything else. */
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
  { name: 'v1-auth-missing-token-unknown-id-404', section: '4', description: 'v1: a request without a token to a path naming an unknown record id answers 404 instead of 401 (the record is looked up first)' },
  { name: 'v2-auth-missing-token-write-422', section: '4', description: 'v2: a POST, PUT or PATCH without a token whose body is not a valid record answers 422 instead of 401 (the body is validated first)' },
] as const satisfies readonly FaultDefinition[];
