// A redirect answer to a webhook call, and the finding that the sender followed it (§6.3 point 3:
// redirects are not followed).
import type { CheckContext } from '../../src/checks/index.js';
import type { Answer, Delivery } from '../../src/webhooks/index.js';
import { describeDelivery, receivedDelivery } from './webhooks.js';

/** Where the redirect points: a path on the run's receiver that no event is delivered to. */
export function redirectTarget(api: 'v1' | 'v2'): string {
  return `/mfc-redirect-target/${api}`;
}

/** A 307 (which would keep the POST if followed) whose relative Location is the receiver's `redirectTarget`. */
export function redirectAnswer(api: 'v1' | 'v2'): Answer {
  return { status: 307, headers: { location: redirectTarget(api) } };
}

/** Fails the check when a call reached the redirect's Location after `first` was answered with it. */
export function expectRedirectNotFollowed(t: CheckContext, first: Delivery): void {
  const target = redirectTarget(first.api);
  const followed = t.webhooks.deliveries.find((delivery) => delivery.seq > first.seq && delivery.path === target);
  if (followed === undefined) return;
  t.fail({
    title: 'A redirect answer is not followed (§6.3 point 3)',
    expected: `no call to ${target}, the Location given to ${describeDelivery(first)}`,
    received: receivedDelivery(t, followed, 'a call to the Location:'),
  });
}
