import type { faults } from '../../packages/cli/server/faults/auth.js';
import { statusOf } from './probe.js';
import type { Catalogue, Probe } from './types.js';

const unknown = 999999999;
const statusAs = (api: 'v1' | 'v2', token: string, path = '/orders'): Probe => async (t) => (await t.as(token)[api].get(path)).status;

/** The authentication faults (§4, §5): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-auth-missing-token-403': { checks: ['v1.auth.missing-token-401', 'v1.auth.every-endpoint-401'], probe: statusAs('v1', 'none'), conforming: 401 },
  'v2-auth-missing-token-403': { checks: ['v2.auth.missing-token-401', 'v2.auth.every-endpoint-401'], probe: statusAs('v2', 'none'), conforming: 401 },
  'v1-auth-unknown-token-403': { checks: ['v1.auth.unknown-token-401'], probe: statusAs('v1', 'no-such-token'), conforming: 401 },
  'v2-auth-unknown-token-403': { checks: ['v2.auth.unknown-token-401'], probe: statusAs('v2', 'no-such-token'), conforming: 401 },
  'v1-auth-expired-token-accepted': { checks: ['v1.auth.expired-token-403'], probe: statusAs('v1', 'expired'), conforming: 403 },
  'v2-auth-expired-token-accepted': { checks: ['v2.auth.expired-token-403'], probe: statusAs('v2', 'expired'), conforming: 403 },
  'v1-auth-expired-token-401': { checks: ['v1.auth.expired-token-403'], probe: statusAs('v1', 'expired'), conforming: 403 },
  'v2-auth-expired-token-401': { checks: ['v2.auth.expired-token-403'], probe: statusAs('v2', 'expired'), conforming: 403 },
  'v1-auth-inactive-channel-accepted': { checks: ['v1.auth.inactive-channel-403'], probe: statusAs('v1', 'inactiveChannel'), conforming: 403 },
  'v2-auth-inactive-channel-accepted': { checks: ['v2.auth.inactive-channel-403'], probe: statusAs('v2', 'inactiveChannel'), conforming: 403 },
  'v1-auth-inactive-channel-401': { checks: ['v1.auth.inactive-channel-403'], probe: statusAs('v1', 'inactiveChannel'), conforming: 403 },
  'v1-auth-missing-token-unknown-id-404': { checks: ['v1.auth.every-endpoint-401'], probe: (t) => statusOf(t.as('none').v1.delete(`/skus/${unknown}`)), conforming: 401 },
  'v2-auth-missing-token-write-422': { checks: ['v2.auth.every-endpoint-401'], probe: (t) => statusOf(t.as('none').v2.post('/orders', {})), conforming: 401 },
} satisfies Catalogue<typeof faults>;
