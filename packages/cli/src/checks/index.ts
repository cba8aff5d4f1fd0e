/** The check-definition API the suites use (docs/ARCHITECTURE.md, "Checks"). */
export { check, isSkip, registerCheck } from './check.js';
export { ApiClient } from './api-client.js';
export type { ApiResponse, CallOptions, Query, RequestOptions, SendOptions } from './api-client.js';
export type { Answer, AnswerOf, Documented, ListedOf, ListTemplateOf, OperationAt, OperationKey, Shown, TemplateOf } from './operations.js';
export { createCheckContext, show } from './context.js';
export type { ApiClients, CheckContext, FailOptions } from './context.js';
export { CheckFailure, formatFailure } from './failure.js';
export type { FailureInput, FailureKind } from './failure.js';
export { idMatcher, isSelected, skipReason } from './selection.js';
export { STATUS_POINTER } from './validation.js';
export { DEFAULT_MAX_WAIT_MS, runSession } from './session.js';
export { profileClientOptions, profileSecrets } from './profile-client.js';
export type { ApiVersion, CheckMeta, CheckRecord, CreatedRecord, FailureDetail, RunConfig, SchemaScope, SchemaViolation } from './types.js';
export { openRunChannel } from './run-channel.js';
export type { RunChannel, RunMessage } from './run-channel.js';
export { createdRecordOf } from './created.js';
export { CheckFileError, activeCollector, checkDefinitions, checkFiles, collectChecks } from './registry.js';
export type { CheckBody, CheckCollector, CheckDefinition, RegisteredCheck } from './registry.js';
