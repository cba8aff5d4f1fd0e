// The webhook toolkit for integrators and for `mfc run`: verify signatures (§6.3), parse and
// validate v1 bare payloads and v2 envelopes (§6.1, §6.2), apply the idempotency advice of §6.3
// point 5, and receive deliveries over HTTP.
export { SIGNATURE_HEADER, signBody, verifySignature, signingTokenOf } from '@mfc-conformance/api/webhooks';
export type { SignatureFailureReason, SignatureVerdict, SigningTokenCandidate } from '@mfc-conformance/api/webhooks';
export { V1_EVENTS, V2_EVENTS, parseEvent, parseV1Event, parseV2Event, looksLikeEnvelope, eventName } from '@mfc-conformance/api/webhooks';
export type { V1EventName, V2EventType, ResourceKind, EventResource, V1Event, V2Event, WebhookEvent, EventParse } from '@mfc-conformance/api/webhooks';
export { UpdateLedger, updateKeyOf } from '@mfc-conformance/api/webhooks';
export type { UpdateKey, UpdateDecision } from '@mfc-conformance/api/webhooks';
export { EVENT_ID_HEADER, startReceiver } from './receiver.js';
export type { ReceiverOptions, RetainedState, WebhookReceiver } from './receiver.js';
export type { Delivery, Refusal } from './delivery.js';
export { acknowledgeValid, answerFirst } from './responders.js';
export type { Answer, Responder } from './responders.js';
export { forResource } from './match.js';
export { SHOWN_HEADERS, answerText, deliveryText } from './delivery-text.js';
export type { ResourceExpectation } from './match.js';
export type { BodyRefusal } from './read-body.js';
