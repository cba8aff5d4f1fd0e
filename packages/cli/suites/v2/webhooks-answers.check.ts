// §6.3 point 3 for v2: a redirect answer is not followed. Whether v2 retries is not shown (§6.3
// point 4), so only the call to the Location is judged.
import { check } from '../../src/checks/index.js';
import { answerFirstCall } from '../support/webhook-answers.js';
import { expectRedirectNotFollowed, redirectAnswer } from '../support/webhook-redirect.js';
import { watch, webhookTimings } from '../support/webhooks.js';

check({
  id: 'v2.webhooks.redirect-not-followed',
  api: 'v2',
  section: '6.3',
  title: 'A v2 call answered with a redirect is not sent again to the Location',
  needs: ['webhooks', 'fixtures.warehouseId', 'fixtures.sku'],
  writes: true,
}, async (t) => {
  const calls = await answerFirstCall(t, 'v2', redirectAnswer('v2'));
  // A sender that follows a redirect does so at once.
  await watch(webhookTimings(t).promptMs);
  expectRedirectNotFollowed(t, calls.first);
});
