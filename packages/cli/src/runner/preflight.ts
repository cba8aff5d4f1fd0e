import { formatFailure, type ApiVersion } from '../checks/index.js';
import { NetworkError, type HttpClient, type RecordedExchange, type TransportAnswer } from '../http/index.js';
import type { TargetProfile, TokenName } from '../profile/index.js';
import type { CheckResult } from '../reports/index.js';

/** The id of the one failure an unreachable or misaddressed target produces. */
export const REACHABILITY_CHECK_ID = 'run.target.reachable';
/** The id of the failure a run stopped by the rate-limit bound produces (§8). */
export const RATE_LIMIT_BOUND_ID = 'run.rate-limit.bounded-wait';
/** The id prefix of the failure of one profile token: `run.inputs.tokens.<key>`. */
export const TOKEN_CHECK_PREFIX = 'run.inputs.tokens.';

/** What the preflight learned before any check ran. */
export interface PreflightOutcome {
  /** One failure per problem: the target, the primary token, each unusable token. */
  failures: CheckResult[];
  /** Set when no check can run (target unreachable, primary token refused): every check skips with it. */
  stop?: string;
  /** Tokens that cannot stand for what the profile says, with the reason: their checks skip with it. */
  unusableTokens: Partial<Record<TokenName, string>>;
}

// A list read with the smallest page, authenticated and read-only, using only stated parameters.
const probePath: Record<ApiVersion, string> = {
  v1: '/merchant_api/v1/orders?limit=1',
  v2: '/merchant_api/v2/restocking_shipments?limit=1',
};

// The tokens that stand for another client: each must authenticate (§5) to be of use.
const identityTokens = ['sameMerchantOtherChannel', 'otherMerchant'] as const satisfies readonly TokenName[];

interface Probe {
  api: ApiVersion;
  path: string;
  answer?: TransportAnswer;
  /** Why no answer arrived. */
  error?: string;
  exchange?: RecordedExchange;
}

function result(id: string, api: ApiVersion, section: string, title: string, expected: string, received: string, exchange?: RecordedExchange): CheckResult {
  return {
    id,
    title,
    api,
    section,
    status: 'failed',
    message: formatFailure({ title, expected, received, ...(exchange ? { exchange } : {}) }),
    requests: exchange ? [exchange] : [],
    failure: { code: 'MFC_CHECK_UNREACHABLE', title, expected, received },
  };
}

/** The one failure of a run the rate-limit bound stopped (§8), in the preflight or during the checks. */
export function boundedWaitFailure(api: ApiVersion, reason: string, exchange?: RecordedExchange): CheckResult {
  return result(
    RATE_LIMIT_BOUND_ID, api, '8', 'The run waits for the rate limit only within its bound; it stopped',
    'answers within the wait bound (--max-wait, rateLimit.maxWaitSeconds)', reason, exchange,
  );
}

async function send(http: HttpClient, baseUrl: string, api: ApiVersion, path: string, token: string): Promise<Probe> {
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
  try {
    const answer = await http.send({ method: 'GET', url, headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    const exchange = answer.exchanges.at(-1);
    return { api, path, answer, ...(exchange ? { exchange } : {}) };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const exchange = error.exchanges.at(-1);
    return { api, path, error: error.reason, ...(exchange ? { exchange } : {}) };
  }
}

function parsed(answer: TransportAnswer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(answer.text) };
  } catch {
    return { ok: false };
  }
}

/** What an answer shows about the target when it cannot be the API's: which failure, and what was seen. */
interface AddressProblem {
  title: string;
  received: string;
}

// How a run says the preflight stopped it; `mfc doctor`, which runs no check, says "would" (`inDoctorWords`).
const NO_CHECK_RAN = '; no check ran';

/** A preflight failure's title as a command that runs no check words it: `…; no check would run`. */
export function inDoctorWords(title: string): string {
  return title.replace(NO_CHECK_RAN, '; no check would run');
}

const NOT_SERVING = 'The target does not answer an authenticated read with JSON; no check ran';
const NOT_THE_API = 'The base URL does not lead to the API; no check ran';

/** The first line of an answer's text, as an obstacle's message quotes it: an HTML page's title or first line of text, at most 120 characters. */
function firstLine(text: string, html: boolean): string {
  const title = html ? /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] : undefined;
  const plain = title ?? (html ? text.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, '\n') : text);
  const line = plain.split(/\r?\n/).map((part) => part.replace(/\s+/g, ' ').trim()).find((part) => part !== '') ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** `403, text/html: "403 Forbidden"`: what an answer that is not the API shows of itself. */
function shown(answer: TransportAnswer, html: boolean): string {
  const type = answer.headers['content-type'] ?? 'no content-type';
  const line = firstLine(answer.text, html);
  return `${answer.status}, ${type}${line === '' ? ', an empty body' : `: "${line}"`}`;
}

// Gateways that demand a client certificate answer 495 or 496 (nginx's own codes), or a 400 or 403 page
// saying so; the API's own error body (§7) is never taken for one, whatever its message says.
function demandsClientCertificate(answer: TransportAnswer): boolean {
  if (answer.status === 495 || answer.status === 496) return true;
  return (answer.status === 400 || answer.status === 403) && !apiErrorBody(answer) && /certificate/i.test(answer.text.slice(0, 4_000));
}

/** Why the answer shows the base URL does not lead to a working API, or undefined when it may. */
function addressProblem(probe: Probe): AddressProblem | undefined {
  const answer = probe.answer!;
  const where = `GET ${probe.path}`;
  if (answer.status >= 300 && answer.status < 400) {
    return { title: NOT_THE_API, received: `${where} answered ${answer.status}, a redirect to ${answer.headers.location ?? '(no Location)'}; the run follows no redirect, so baseUrl must be the address the API answers at` };
  }
  const type = answer.headers['content-type'] ?? '';
  const html = /html/i.test(type) || /^\s*<(!doctype|html)/i.test(answer.text);
  if (demandsClientCertificate(answer)) {
    return { title: NOT_THE_API, received: `${where} answered (${shown(answer, html)}): the gateway demands a client certificate; give one in connection.clientCertificate (mfc doctor --client-cert FILE --client-key FILE)` };
  }
  if (answer.status >= 500) return { title: NOT_SERVING, received: `status ${answer.status}` };
  if (answer.status === 404) {
    return { title: NOT_THE_API, received: `${where} answered 404: no such list under this baseUrl${probe.api === 'v2' ? ' (a target without v2 is run with --api v1)' : ' (a target without v1 is run with --api v2)'}` };
  }
  if (!parsed(answer).ok) {
    const what = html ? 'an HTML page' : 'a body that is not JSON';
    return {
      title: NOT_THE_API,
      received: `${what} (${shown(answer, html)}), not the API: a gateway header may be needed: connection.headers (mfc doctor --header-env Name=VAR); else is baseUrl the API's {base_url}, the part before /merchant_api/v1?`,
    };
  }
  return undefined;
}

/** The failure when the other version's list answers 404 too: every path is missing, so the base URL likely lacks the path the API is served under. */
async function everyPathMissing(http: HttpClient, profile: TargetProfile, first: Probe): Promise<CheckResult | undefined> {
  const other: ApiVersion = first.api === 'v1' ? 'v2' : 'v1';
  const probe = await send(http, profile.baseUrl, other, probePath[other], profile.tokens.primary);
  if (probe.answer?.status !== 404) return undefined;
  const path = new URL(profile.baseUrl).pathname.replace(/\/+$/, '');
  const received = `every path answered 404 (GET ${first.path}, GET ${probe.path}): the base URL may lack its path; a gateway serving the API under /some/prefix needs it in baseUrl (${path === '' ? 'https://host/some/prefix' : `now ${path}`})`;
  return result(REACHABILITY_CHECK_ID, first.api, '4', NOT_THE_API, 'a JSON answer to an authenticated list read, below 500, within the request timeout', received, first.exchange);
}

// The §7 error body: v1 {success, errors}, v2 {errors, success, title, status}; both carry errors.
function apiErrorBody(answer: TransportAnswer): boolean {
  const body = parsed(answer);
  return body.ok && body.value !== null && typeof body.value === 'object' && 'errors' in body.value;
}

/** Tries the primary token on one version: the failure that stops the run, if any. */
function judgePrimary(probe: Probe, rateLimitStop: string | undefined): { failure: CheckResult; stop: string } | undefined {
  if (rateLimitStop !== undefined) return { failure: boundedWaitFailure(probe.api, rateLimitStop, probe.exchange), stop: `the run stopped: ${rateLimitStop}` };
  const expected = 'a JSON answer to an authenticated list read, below 500, within the request timeout';
  const problem = probe.error === undefined ? addressProblem(probe) : { title: NOT_SERVING, received: probe.error };
  if (problem !== undefined) {
    return {
      failure: result(REACHABILITY_CHECK_ID, probe.api, '4', problem.title, expected, problem.received, probe.exchange),
      stop: `target unreachable: ${problem.received}`,
    };
  }
  const status = probe.answer!.status;
  if (status === 401 || status === 403) {
    const meaning = status === 401 ? 'a missing or unknown token (§5)' : 'an expired token or an inactive sales channel (§5)';
    // A gateway refusing a request without its own header answers 401 or 403 too, not in the API's shape.
    const gateway = apiErrorBody(probe.answer!) ? '' : '; the answer is not the API\'s error body (§7): a gateway in front may want its own header (connection.headers)';
    const received = `GET ${probe.path} answered ${status}: ${meaning}${gateway}`;
    return {
      failure: result(
        `${TOKEN_CHECK_PREFIX}primary`, probe.api, '5',
        `tokens.primary is not accepted by the target on ${probe.api}; no check ran. Check the token the profile names (its value is never shown)`,
        'status 200: the primary token authenticates', received, probe.exchange,
      ),
      stop: `tokens.primary is not accepted (${status} on ${probe.api})`,
    };
  }
  return undefined;
}

/** Why an identity token (another channel or merchant) cannot stand for what the profile says, or undefined. */
function identityProblem(key: TokenName, probe: Probe, profile: TargetProfile, primaryStatus: number | undefined): string | undefined {
  if (probe.error !== undefined) return `it could not be tried on ${probe.api}: ${probe.error}`;
  const { status } = probe.answer!;
  if (status === 401) return `GET ${probe.path} answered 401 (a missing or unknown token, §5): it is not a token of this target`;
  if (status === 403) return `GET ${probe.path} answered 403 (an expired token or an inactive sales channel, §5)`;
  // The same refusal as the primary's (a page size the target does not take) says nothing about the token.
  if ((status < 200 || status >= 300) && status !== primaryStatus) {
    return `GET ${probe.path} answered ${status} where the primary token's answer was ${primaryStatus === undefined ? 'a success' : `${primaryStatus}`}`;
  }
  // v1 orders show their sales channel: a token whose orders all belong to the primary's channel is
  // a token of that channel. (A list that leaks other channels' orders mixes channels, so the scope
  // checks still see that defect.)
  const body = parsed(probe.answer!);
  const data = body.ok ? (body.value as { data?: unknown } | null)?.data : undefined;
  if (probe.api !== 'v1' || !Array.isArray(data) || data.length === 0) return undefined;
  const channel = profile.fixtures.salesChannelId;
  if (data.every((order) => Number((order as { sales_channel_id?: unknown } | null)?.sales_channel_id) === channel)) {
    return `every order it lists belongs to fixtures.salesChannelId (${channel}): it is a token of the primary's own sales channel`;
  }
  return undefined;
}

/** The preflight's client, and what its rate-limit bound reported. */
export interface PreflightClient {
  http: HttpClient;
  /** The reason the rate-limit bound stopped the client, once it did. */
  rateLimitStop(): string | undefined;
}

/**
 * Proves the profile's inputs before any check runs: the base URL reaches the API and the primary
 * token authenticates on every selected version (else the run stops with one failure), and each
 * token standing for another client authenticates and is not the primary's (else its checks skip,
 * with one failure naming the key). The expired and inactive tokens are left to the §5 checks: a
 * 401 or 200 for them is just what those checks exist to find.
 */
export async function preflight(client: PreflightClient, profile: TargetProfile, apis: ApiVersion[]): Promise<PreflightOutcome> {
  const outcome: PreflightOutcome = { failures: [], unusableTokens: {} };
  // What the primary's read answered, per version: the other tokens' answers are read beside it.
  const primaryStatus: Partial<Record<ApiVersion, number>> = {};
  for (const api of apis) {
    const probe = await send(client.http, profile.baseUrl, api, probePath[api], profile.tokens.primary);
    const fatal = judgePrimary(probe, client.rateLimitStop());
    if (fatal) {
      const missing = probe.answer?.status === 404 && client.rateLimitStop() === undefined ? await everyPathMissing(client.http, profile, probe) : undefined;
      return missing === undefined ? { failures: [fatal.failure], stop: fatal.stop, unusableTokens: {} } : { failures: [missing], stop: `target unreachable: ${missing.failure!.received}`, unusableTokens: {} };
    }
    primaryStatus[api] = probe.answer?.status;
  }
  for (const key of identityTokens) {
    const token = profile.tokens[key];
    if (token === undefined) continue;
    const same = (Object.keys(profile.tokens) as TokenName[]).find((other) => other !== key && profile.tokens[other] === token);
    let problem = same === undefined ? undefined : `it is the same token as tokens.${same}`;
    let shown: Probe | undefined;
    for (const api of apis) {
      if (problem !== undefined) break;
      // A bigger v1 page shows whose orders the token reads.
      shown = await send(client.http, profile.baseUrl, api, api === 'v1' ? '/merchant_api/v1/orders?limit=100' : probePath[api], token);
      const stop = client.rateLimitStop();
      if (stop !== undefined) return { ...outcome, failures: [...outcome.failures, boundedWaitFailure(api, stop, shown.exchange)], stop: `the run stopped: ${stop}` };
      problem = identityProblem(key, shown, profile, primaryStatus[api]);
    }
    if (problem === undefined) continue;
    outcome.unusableTokens[key] = `tokens.${key} is unusable: ${problem}`;
    outcome.failures.push(result(
      `${TOKEN_CHECK_PREFIX}${key}`, shown?.api ?? apis[0] ?? 'v1', '5',
      `tokens.${key} cannot stand for ${key === 'otherMerchant' ? 'another merchant' : 'another sales channel of the merchant'}; the checks that need it are skipped`,
      key === 'otherMerchant' ? 'a token of another merchant, accepted by the target' : 'a token of another sales channel of the same merchant, accepted by the target',
      problem, shown?.exchange,
    ));
  }
  return outcome;
}
