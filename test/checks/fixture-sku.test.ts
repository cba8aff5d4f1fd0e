// Checks that change a SKU make their own through POST /skus, whose answer is not shown (§4.1). When
// it gives no id, they fall back to fixtures.sku and take it in turn: side by side, one check's update
// would land between another's two writes and fail it for a rule the service keeps.
import { afterEach, expect, it } from 'vitest';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.js';
import type { CheckId } from '../fault-map/check-ids.js';

// The two checks that change the fixture SKU here.
const OMITTED_KEPT: CheckId = 'v1.skus.update.omitted-kept';
const PUT_SAME_AS_PATCH: CheckId = 'v1.skus.update.put-same-as-patch';

// How long omitted-kept's second update waits for another check's PUT of the fixture before it goes on.
const HOLD_MS = 1_500;

let server: RunningServer | undefined;
let proxy: CountingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await server?.close();
});

/** A promise and the function that keeps it. */
function signal(): { promise: Promise<void>; give: () => void } {
  let give!: () => void;
  const promise = new Promise<void>((resolve) => (give = resolve));
  return { promise, give };
}

it('runs the SKU update checks on fixtures.sku one after another when POST /skus gives no id', async () => {
  server = await startServer({ port: 0, rateLimit: 10_000 });
  const skuPath = `/merchant_api/v1/skus/${server.profile.fixtures?.sku?.id}`;
  // omitted-kept updates the name, then the weight; put-same-as-patch's PUT is held for the first and
  // the second for the PUT, so that side by side the PUT lands between the two. Taken in turn, each
  // wait runs out: the other check has not started or has ended.
  const nameUpdated = signal();
  let named = false;
  const putAfterName = signal();
  let putBetween = false;
  const within = (promise: Promise<void>) => Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, HOLD_MS).unref())]);
  const bodies = new Map<object, string>();
  proxy = await startCountingProxy(server.url, () => undefined, {
    // A create the service answers without an id: its answer's shape is not shown (§4.1).
    answerInstead: (request) => (request.method === 'POST' && request.url === '/merchant_api/v1/skus' ? { status: 200, body: {} } : undefined),
    holdBack: (request, body) => {
      bodies.set(request, body);
      if (request.url !== skuPath) return undefined;
      if (request.method === 'PUT') return within(nameUpdated.promise);
      if (request.method === 'PATCH' && body.includes('"weight_in_kg":0.75')) return within(putAfterName.promise.then(() => { putBetween = true; }));
      return undefined;
    },
    onAnswer: (request) => {
      if (request.url !== skuPath) return;
      if (request.method === 'PATCH' && / before"/.test(bodies.get(request) ?? '')) {
        named = true;
        nameUpdated.give();
      }
      if (request.method === 'PUT' && named) putAfterName.give();
    },
  });
  const { otherMerchant: _, ...fixtures } = server.profile.fixtures ?? {};
  const outcome = await runChecks({ profile: { ...server.profile, baseUrl: proxy.url, fixtures }, only: `${OMITTED_KEPT},${PUT_SAME_AS_PATCH}`, concurrency: 12 });
  const verdicts = Object.fromEntries(outcome.report.checks.map((check) => [check.id, check.status]));
  expect({ verdicts, putBetween }).toEqual({ verdicts: { [PUT_SAME_AS_PATCH]: 'passed', [OMITTED_KEPT]: 'passed' }, putBetween: false });
}, 60_000);
