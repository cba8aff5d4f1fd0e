// `mfc proxy`: an integration's own traffic judged as it happens (docs/CLI.md, README "Checking your own integration").
export { HAR_FILE, startProxy } from './proxy.js';
export type { ProxyOptions, ProxyOutcome, ProxySessionHandle } from './proxy.js';
export { PROXY_RULES, CONVERSATION_ONLY_RULES } from './rules.js';
export type { DeploymentRuleId, ProxyRule, ProxyRuleId, Side } from './rules.js';
export { proxyCommand, PROXY_URL_VARIABLE, sessionExitCode } from './ci.js';
export type { ProxyCommandOptions } from './ci.js';
