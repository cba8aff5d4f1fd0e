import type { IncomingHttpHeaders } from 'node:http';
import type { EventParse, EventResource } from '@mfc-conformance/api/webhooks';
import type { BodyRefusal } from './read-body.js';
import type { SignatureVerdict } from '@mfc-conformance/api/webhooks';

/** Why the receiver refused a call before looking at it: too large, too slow, gone, or not JSON. */
export type Refusal = BodyRefusal | 'malformed-json';

/** One call the receiver got, as it arrived, with what it made of it. */
export interface Delivery {
  /** 1 for the first call the receiver got, then 2, … in order of arrival. */
  seq: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The parsed JSON body; undefined when refused. */
  body: unknown;
  receivedAt: Date;
  /** By the path it came to when the receiver knows the versions' paths, else by its shape. */
  api: 'v1' | 'v2';
  /** Set when the call was refused before parsing; then `signature` and `event` are undefined. */
  refusal: Refusal | undefined;
  /** Undefined when refused or when the receiver holds no token to verify with. */
  signature: SignatureVerdict | undefined;
  /** v1 `x-service-event-id` header, v2 envelope `event_id`. */
  eventId: string | undefined;
  /** The resource the body describes, read leniently (even from an invalid payload) for matching. */
  resource: EventResource | undefined;
  /** The payload checked against its schemas; undefined when refused. */
  event: EventParse | undefined;
  /** The status answered, `'hang'` while held open, `'drop'` when the connection was closed unanswered, undefined until the responder has decided. */
  answer: number | 'hang' | 'drop' | undefined;
  /**
   * When the answer left (or the connection was closed unanswered; or, when the sender had given up
   * first, when the answer was ready). Undefined until then, and for a call held open.
   */
  answeredAt?: Date;
  /**
   * How much later the answer left than the receiver meant, counted from when the call reached this
   * machine: its delay overrun, and the time the receiver's event loop stood still while the call was
   * waiting to be read (`LoopStalls`). A sender that gave up meanwhile did so for the receiver's
   * reasons (a busy machine), not its own. Set with `answeredAt`.
   */
  answerLateMs?: number;
}
