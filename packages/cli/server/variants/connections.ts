import type { VariantDefinition } from './types.js';

/**
 * How the server treats its keep-alive connections (§4: the specification says nothing of connections;
 * HTTP lets either side close an idle one at any time, RFC 9112 §9.6). Alternatives: one shape at a time.
 */
export const variants = [
  { name: 'connections-close-every-answer', section: '4', description: 'every answer carries Connection: close, and the connection ends after it', group: 'connections' },
  { name: 'connections-close-after-answer', section: '4', description: 'the connection is closed right after each answer, without a Connection: close header to say so', group: 'connections' },
  { name: 'connections-idle-close', section: '4', description: 'a keep-alive connection is closed 150 ms after its last answer when no request came meanwhile, with no Keep-Alive header announcing it', group: 'connections' },
] as const satisfies readonly VariantDefinition[];
