import type { ErrorObject } from 'ajv';
import { toSchemaErrors, quote } from './errors.js';
import { matchTemplate, normalisePath } from './match.js';
import type { ApiVersion, OperationInfo, Validation } from './types.js';

/** A compiled validate function, standalone or runtime-compiled: true when valid, else `errors`. */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** One operation of a generated operations index. */
export interface IndexedOperation {
  readonly method: string;
  readonly pathTemplate: string;
  readonly section: string;
  readonly statuses: readonly number[];
  readonly statusRanges: readonly string[];
  readonly request: string | null;
  readonly responses: Readonly<Record<string, string | null>>;
}

/** What one version's lookup reads: its generated index and the validators it names. */
export interface VersionSources {
  operations: Readonly<Record<string, IndexedOperation>>;
  schemas: Readonly<Record<string, string>>;
  webhooks: Readonly<Record<string, { readonly section: string; readonly validator: string }>>;
  /** The validators by name, or a function that loads them when the first value is validated. */
  validators: ValidatorModule | (() => ValidatorModule);
}

/** A module of validate functions by name (the generated `validators.js`). */
export type ValidatorModule = Readonly<Record<string, ValidateFunction | unknown>>;

/** The typed lookup `src/openapi` exports, bound to one set of sources per version. */
export interface OpenApiLookup {
  findOperation(api: ApiVersion, method: string, path: string): OperationInfo | undefined;
  validateResponse(api: ApiVersion, operationKey: string, status: number, body: unknown): Validation & { statusAllowed: boolean };
  validateRequestBody(api: ApiVersion, operationKey: string, body: unknown): Validation;
  validateSchema(api: ApiVersion, schemaName: string, value: unknown): Validation;
  validateWebhook(api: ApiVersion, event: string, body: unknown): Validation;
}

const valid: Validation = Object.freeze({ ok: true, errors: [] });

function info(key: string, operation: IndexedOperation): OperationInfo {
  return {
    key,
    method: operation.method,
    pathTemplate: operation.pathTemplate,
    section: operation.section,
    statuses: [...operation.statuses],
    statusRanges: [...operation.statusRanges],
  };
}

/** Builds the lookup over the given sources (the generated standalone ones, or runtime-compiled ones in tests). */
export function createLookup(sources: Record<ApiVersion, VersionSources>): OpenApiLookup {
  const loaded: Partial<Record<ApiVersion, ValidatorModule>> = {};
  const validators = (api: ApiVersion): ValidatorModule => {
    const given = sources[api].validators;
    return (loaded[api] ??= typeof given === 'function' ? given() : given);
  };
  const run = (api: ApiVersion, name: string | null, value: unknown): Validation => {
    if (name === null) return valid;
    const validate = validators(api)[name] as ValidateFunction | undefined;
    if (typeof validate !== 'function') throw new Error(`${api}: the generated validators lack ${name}; run \`mfc generate\``);
    if (validate(value)) return valid;
    return { ok: false, errors: toSchemaErrors(validate.errors, value) };
  };
  const operation = (api: ApiVersion, key: string): IndexedOperation => {
    const found = sources[api].operations[key];
    if (!found) throw new Error(`${api}: no operation "${key}"; known: ${Object.keys(sources[api].operations).join(', ')}`);
    return found;
  };

  return {
    findOperation(api, method, path) {
      const bare = normalisePath(path, `/merchant_api/${api}`);
      let best: OperationInfo | undefined;
      let bestLiterals = -1;
      for (const [key, candidate] of Object.entries(sources[api].operations)) {
        if (candidate.method !== method.toUpperCase()) continue;
        // A literal segment beats a template one: /orders/by_merchant_order_id is not /orders/{id}.
        const literals = matchTemplate(candidate.pathTemplate, bare);
        if (literals > bestLiterals) {
          best = info(key, candidate);
          bestLiterals = literals;
        }
      }
      return best;
    },

    validateResponse(api, operationKey, status, body) {
      const found = operation(api, operationKey);
      const range = `${Math.floor(status / 100)}XX`;
      const exact = found.statuses.includes(status);
      if (!exact && !found.statusRanges.includes(range)) return { ok: false, errors: [], statusAllowed: false };
      const name = found.responses[exact ? String(status) : range] ?? null;
      return { ...run(api, name, body), statusAllowed: true };
    },

    validateRequestBody(api, operationKey, body) {
      return run(api, operation(api, operationKey).request, body);
    },

    validateSchema(api, schemaName, value) {
      const name = sources[api].schemas[schemaName];
      if (name === undefined) throw new Error(`${api}: no component schema "${schemaName}"`);
      return run(api, name, value);
    },

    validateWebhook(api, event, body) {
      const webhook = sources[api].webhooks[event];
      if (webhook === undefined) {
        const known = Object.keys(sources[api].webhooks).sort().map((name) => JSON.stringify(name)).join(', ');
        return { ok: false, errors: [{ pointer: '', rule: 'event', message: `(event): expected one of ${known}, received ${quote(event)}` }] };
      }
      return run(api, webhook.validator, body);
    },
  };
}
