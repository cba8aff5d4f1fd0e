// §6.3 points 3 and 4 for v1: how the sender treats the receiver's answer. A 429 is retried like a
// 5xx; an answer within the answer limit (5 seconds) counts as received, and so does a redirect,
// which is not followed.
// Each check answers the first call announcing a cancellation it triggers (suites/support/webhook-answers.ts).
import { check } from '../../src/checks/index.js';
import type { Answer } from '../../src/webhooks/index.js';
import { deliveriesAbout, describeDelivery, receivedDelivery, retryWindowMs, webhookTimings } from '../support/webhooks.js';
import { answerFirstCall, answerFirstCallBesideControl, expectNoRetry } from '../support/webhook-answers.js';
import { expectRedirectNotFollowed, redirectAnswer } from '../support/webhook-redirect.js';

const needs = ['webhooks', 'webhooks.retryWithinMs', 'fixtures.warehouseId', 'fixtures.sku'];

// Answers §6.3 point 4 has retried like a 5xx (a 5xx and a timeout themselves: v1.webhooks.retry.*).
const retriedAnswers: Array<{ name: string; title: string; answer: Answer; what: string }> = [
  { name: 'after-429', title: 'A v1 call answered 429 is retried like a 5xx', answer: { status: 429, body: 'mfc: provoked rate limit' }, what: 'A call answered 429 is retried the same way as a 5xx' },
  { name: 'after-connection-failure', title: 'A v1 call whose connection fails (closed without an answer) is retried', answer: 'drop', what: 'A call whose connection failed is retried' },
];

for (const row of retriedAnswers) {
  check({
    id: `v1.webhooks.retry.${row.name}`,
    api: 'v1',
    section: '6.3',
    title: row.title,
    needs,
    writes: true,
  }, async (t) => {
    const { first, change, about } = await answerFirstCall(t, 'v1', row.answer);
    // A retry is any later call about the shipment: its event id and payload are other checks' rules.
    // A late retry is still one: it gets timeoutMs beyond its window before it is missing.
    const withinMs = retryWindowMs(t, row.answer) + webhookTimings(t).timeoutMs;
    const retry = await t.webhooks.waitFor((delivery) => delivery.seq > first.seq && about(delivery), withinMs);
    if (retry === undefined) {
      t.fail({
        title: `${row.what} (§6.3 point 4)`,
        expected: `another call announcing the change of ${describeDelivery(first)} within ${withinMs} ms`,
        received: receivedDelivery(t, first, `calls about the shipment: ${deliveriesAbout(t, change)}; the first:`),
      });
    }
  });
}

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
  await expectNoRetry(t, calls, `An answer after ${slowAnswerMs} ms, within the ${answerLimitMs} ms the sender waits, acknowledges the call: it is not retried (§6.3 points 3 and 4)`, retryWindowMs(t, answer));
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
  await expectNoRetry(t, calls, 'A redirect (any status below 400) counts as received: the call is not retried (§6.3 points 3 and 4)', retryWindowMs(t, answer));
  expectRedirectNotFollowed(t, calls.first);
});
