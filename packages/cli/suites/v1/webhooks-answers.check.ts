// §6.3 points 3 and 4 for v1: answers that count as received. An answer within the answer limit (5
// seconds) is not retried, and neither is a redirect, which is not followed either (the answers that
// are retried, and the 4xx that is not: v1.webhooks.retry.*, suites/v1/webhooks.check.ts).
// Each check answers the first call announcing a cancellation it triggers (suites/support/webhook-answers.ts).
import { check } from '../../src/checks/index.js';
import { webhookTimings } from '../support/webhooks.js';
import { answerFirstCallBesideControl, expectNoRetry } from '../support/webhook-answers.js';
import { expectRedirectNotFollowed, redirectAnswer } from '../support/webhook-redirect.js';

const needs = ['webhooks', 'webhooks.retryWithinMs', 'fixtures.warehouseId', 'fixtures.sku'];

check({
  id: 'v1.webhooks.slow-answer-received',
  api: 'v1',
  section: '6.3',
  title: 'A v1 call answered 204 after 3 of the 5 seconds the sender waits counts as received and is not retried',
  needs,
  writes: true,
}, async (t) => {
  // Within the answer limit the service keeps (§6.3 point 3: 5 s), with 2/5 of it left for a slow network.
  const { slowAnswerMs, answerLimitMs } = webhookTimings(t);
  const answer = { status: 204, delayMs: slowAnswerMs };
  const calls = await answerFirstCallBesideControl(t, 'v1', answer);
  await expectNoRetry(t, calls, answer, `An answer after ${slowAnswerMs} ms, within the ${answerLimitMs} ms the sender waits, acknowledges the call: it is not retried (§6.3 points 3 and 4)`);
});

check({
  id: 'v1.webhooks.redirect-received',
  api: 'v1',
  section: '6.3',
  title: 'A v1 call answered with a redirect counts as received: it is neither retried nor sent to the Location',
  needs,
  writes: true,
}, async (t) => {
  const answer = redirectAnswer('v1');
  const calls = await answerFirstCallBesideControl(t, 'v1', answer);
  await expectNoRetry(t, calls, answer, 'A redirect (any status below 400) counts as received: the call is not retried (§6.3 points 3 and 4)');
  expectRedirectNotFollowed(t, calls.first);
});
