// §5 for v1: who may call. The error body of each refusal is judged by v1.errors.body-shape (§7).
import { check } from '../../src/checks/index.js';

// A read every token may make: the v1 order list, first page, smallest size.
const probe = { path: '/orders', query: { limit: 1 } } as const;

check({
  id: 'v1.auth.missing-token-401',
  api: 'v1',
  section: '5',
  title: 'A request without a token answers 401',
}, async (t) => {
  const res = await t.anonymous.v1.get(probe.path, { query: probe.query });
  t.expectStatus(res, 401, 'A request without the Authorization header answers 401 (§5.4)');
});

check({
  id: 'v1.auth.unknown-token-401',
  api: 'v1',
  section: '5',
  title: 'An unknown token answers 401',
}, async (t) => {
  const res = await t.v1.get(probe.path, { query: probe.query, token: `${t.marker}-unknown-token` });
  t.expectStatus(res, 401, 'A token the service never issued answers 401 (§5.4)');
});

check({
  id: 'v1.auth.expired-token-403',
  api: 'v1',
  section: '5',
  title: 'An expired token answers 403',
  needs: ['tokens.expired'],
}, async (t) => {
  const res = await t.as('expired').v1.get(probe.path, { query: probe.query });
  t.expectStatus(res, 403, 'An expired token answers 403 (§5.5)');
});

check({
  id: 'v1.auth.inactive-channel-403',
  api: 'v1',
  section: '5',
  title: 'A token of an inactive sales channel answers 403',
  needs: ['tokens.inactiveChannel'],
}, async (t) => {
  const res = await t.as('inactiveChannel').v1.get(probe.path, { query: probe.query });
  t.expectStatus(res, 403, 'A token whose sales channel is no longer active answers 403 (§5.5)');
});
