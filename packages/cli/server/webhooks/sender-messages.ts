import type { DeliveryPlan, SenderSettings } from './deliveries.js';
import type { AttemptOutcome } from './schedule.js';

/** What a dispatcher tells the sender's thread: a new sender, an event's calls to make, the end. */
export type ToSender =
  | { kind: 'open'; sender: number; settings: SenderSettings }
  | { kind: 'deliver'; sender: number; task: number; plan: DeliveryPlan }
  | { kind: 'close'; sender: number };

/** What the sender's thread tells back: that it is ready, each attempt's outcome, a plan done, a sender closed. */
export type ToHost =
  | { kind: 'ready' }
  | { kind: 'attempt'; sender: number; url: string; outcome: AttemptOutcome }
  | { kind: 'done'; sender: number; task: number }
  | { kind: 'closed'; sender: number };
