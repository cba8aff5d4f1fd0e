// `mfc/webhooks`: what an integrator's webhook endpoint needs: verify the signature over the raw
// body (§6.3), parse and validate a v1 payload or a v2 envelope (§6.1, §6.2), and apply the
// idempotency advice of §6.3 point 5. The receiver behind `mfc webhooks listen` is left out.
export { SIGNATURE_HEADER, signBody, signingTokenOf, verifySignature } from '../webhooks/signature.js';
export type { HeaderValue, SignatureFailureReason, SignatureVerdict, SigningTokenCandidate } from '../webhooks/signature.js';
export { V1_EVENTS, V2_EVENTS, eventName, looksLikeEnvelope, parseEvent, parseV1Event, parseV2Event } from '../webhooks/events.js';
export type { EventParse, EventResource, ResourceKind, V1Event, V1EventName, V2Event, V2EventType, WebhookEvent } from '../webhooks/events.js';
export { UpdateLedger, updateKeyOf } from '../webhooks/idempotency.js';
export type { UpdateDecision, UpdateKey } from '../webhooks/idempotency.js';
export type { SchemaError } from '../openapi/index.js';
