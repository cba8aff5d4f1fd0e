// `mfc webhooks listen`: a receiver that checks every call it gets (signature, event id, payload,
// acknowledgement) and reports the session. The command, not the webhook library: it writes the reports.
export { listen, startListener, RETAINED_BYTES, RETAINED_DELIVERIES, SESSION_FILE } from './listen.js';
export type { Listener, ListenOptions, ListenOutcome } from './listen.js';
export { LISTED_CALLS, LISTED_FAILED_CALLS } from './session-report.js';
export type { SessionCounts } from './session-report.js';
export { CALL_LOG_FILE } from './call-log.js';
export { checkDelivery, payloadProblems } from './report.js';
export { judgeV1Payload } from './v1-payload.js';
export type { V1PayloadVerdict } from './v1-payload.js';
