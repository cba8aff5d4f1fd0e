// `mfc proxy` without the flag parsing: forwards the application's requests to the profile's
// deployment, judges each exchange on both sides as it happens, prints a line per finding, and on
// stop writes the four reports and the HAR file.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connectionSecrets, DEFAULT_MAX_ANSWER_BYTES } from '@mfc-conformance/api/client';
import { connectionDispatcher, connectionHeaders, createRedactor } from '../http/index.js';
import { HarWriter } from '../har/har.js';
import type { TargetProfile } from '../profile/index.js';
import { buildReport, writeReports } from '../reports/index.js';
import { proxyExchangeOf, proxyRequestOf, type ProxyRequest } from './exchange.js';
import { findingLine, type Finding, type Judgement } from './findings.js';
import { startForwarder } from './forward.js';
import { judgeAnswer } from './judge-answer.js';
import { judgeRequest } from './judge-request.js';
import { ListRules } from './list-rules.js';
import { PacingRules } from './pacing-rules.js';
import { recordedExchangeOf } from './record.js';
import { RecordRules } from './record-rules.js';
import { ProxySession, type SessionCounts } from './session.js';
import { sessionWindows } from './windows.js';

/** The HAR file a session writes into its report directory. */
export const HAR_FILE = 'exchanges.har';
// How long the forwarder waits to connect to the deployment.
const CONNECT_TIMEOUT_MS = 10_000;

/** What a proxy session runs with. */
export interface ProxyOptions {
  profile: TargetProfile;
  /** Where to listen: loopback (127.0.0.1) unless told otherwise. */
  host?: string;
  /** 0: a free port. */
  port?: number;
  reportDir: string;
  /** Receives each printable line (never holding a secret). */
  print: (line: string) => void;
  /** The mfc version the HAR names as its creator. */
  version: string;
  /** The clock that places requests in their minute (tests: the reference server's). */
  now?: () => number;
}

/** How a stopped session ended. */
export interface ProxyOutcome extends SessionCounts {
  /** The rules each side broke. */
  broken: { integration: string[]; deployment: string[] };
  reportDir: string;
  harPath: string;
}

/** A running proxy session. */
export interface ProxySessionHandle {
  /** The base URL the application points at. */
  url: string;
  port: number;
  counts(): SessionCounts;
  /** Stops forwarding (after the exchanges in flight), writes the reports and the HAR file, prints the summary. */
  stop(reason: string): Promise<ProxyOutcome>;
}

/** Starts a proxy session; rejects when it cannot listen or write its report directory. */
export async function startProxy(options: ProxyOptions): Promise<ProxySessionHandle> {
  const { profile } = options;
  const now = options.now ?? Date.now;
  const connection = profile.connection?.options;
  const maxBodyBytes = connection?.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const secrets = new Set([...Object.values(profile.tokens).filter((token): token is string => typeof token === 'string'), ...connectionSecrets(connection)]);
  let redact = createRedactor([...secrets]);
  let longestSecret = Math.max(0, ...[...secrets].map((secret) => secret.length));
  const base = new URL(profile.baseUrl);
  const deploymentUrl = `${base.origin}${base.pathname.replace(/\/$/, '')}`;
  const windowOf = sessionWindows(profile);
  const session = new ProxySession();
  const pacing = new PacingRules();
  const lists = new ListRules();
  const records = new RecordRules();
  const requests = new Map<number, { request: ProxyRequest; judgements: Judgement[] }>();
  await mkdir(options.reportDir, { recursive: true });
  const har = await HarWriter.open(join(options.reportDir, HAR_FILE), options.version, `mfc proxy to ${redact(deploymentUrl)}`);
  const dispatcher = connectionDispatcher(connection, CONNECT_TIMEOUT_MS);
  const report = (findings: Finding[]) => {
    for (const finding of findings) options.print(redact(findingLine(finding)));
  };
  // A judgement that throws is the proxy's bug: forwarding goes on, the line says which exchange it missed.
  const guarded = (seq: number, judge: () => void) => {
    try {
      judge();
    } catch (error) {
      options.print(redact(`mfc proxy: #${seq} could not be judged (${(error as Error).message}); forwarding goes on`));
    }
  };

  const forwarder = await startForwarder({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    baseUrl: profile.baseUrl,
    dispatcher,
    connectionHeaders: connectionHeaders(connection),
    maxBodyBytes,
    now,
    onRequest: (forwarded) => guarded(forwarded.seq, () => {
      const request = proxyRequestOf(forwarded, windowOf);
      // The application's own credentials (a bearer token, or whatever scheme it wrongly sent) are
      // secrets like the profile's: never in a line, report or HAR.
      const authorization = request.headers.authorization?.trim();
      const credential = authorization === undefined ? undefined : /^\S+\s+(.+)$/.exec(authorization)?.[1] ?? authorization;
      if (credential !== undefined && credential !== '' && !secrets.has(credential)) {
        secrets.add(credential);
        redact = createRedactor([...secrets]);
        longestSecret = Math.max(longestSecret, credential.length);
      }
      requests.set(request.seq, { request, judgements: [...judgeRequest(request), ...pacing.beforeRequest(request), ...lists.beforeRequest(request)] });
    }),
    onExchange: (forwarded) => guarded(forwarded.seq, () => {
      const pending = requests.get(forwarded.seq);
      if (pending === undefined) return;
      requests.delete(forwarded.seq);
      const exchange = proxyExchangeOf(pending.request, forwarded, maxBodyBytes);
      const judgements = [
        ...pending.judgements,
        ...judgeAnswer(exchange, profile.rateLimit?.perMinute === undefined ? {} : { perMinute: profile.rateLimit.perMinute }),
        ...pacing.afterAnswer(exchange),
        ...lists.afterAnswer(exchange),
        ...records.afterAnswer(exchange),
      ];
      const recorded = recordedExchangeOf(exchange, deploymentUrl, redact, longestSecret);
      session.countExchange();
      har.add(recorded);
      report(session.add(exchange.seq, exchange.method, exchange.path, exchange.status, judgements, () => recorded));
    }),
  }).catch(async (error: unknown) => {
    await har.close();
    await dispatcher.close();
    throw error;
  });
  options.print(`mfc proxy: forwarding ${forwarder.url} to ${redact(deploymentUrl)} (Ctrl-C to stop and write the report)`);

  let stopped: Promise<ProxyOutcome> | undefined;
  const stop = async (reason: string): Promise<ProxyOutcome> => {
    await forwarder.close();
    await dispatcher.close();
    const harError = await har.close();
    const harPath = join(options.reportDir, HAR_FILE);
    if (harError !== undefined) options.print(`mfc proxy: could not write ${harPath}: ${(harError as NodeJS.ErrnoException).code ?? harError.message}`);
    await writeReports(options.reportDir, buildReport(session.results()), { title: 'mfc proxy report', secrets: [...secrets] });
    const counts = session.counts();
    const broken = { integration: session.broken('integration'), deployment: session.broken('deployment') };
    options.print(`mfc proxy: ${reason}; ${counts.exchanges} exchange(s), ${counts.findings.integration} finding(s) on the integration's side (${broken.integration.join(', ') || 'none'}), ${counts.findings.deployment} on the deployment's (${broken.deployment.join(', ') || 'none'}); report in ${options.reportDir}`);
    return { ...counts, broken, reportDir: options.reportDir, harPath };
  };
  return {
    url: forwarder.url,
    port: forwarder.port,
    counts: () => session.counts(),
    stop: (reason) => (stopped ??= stop(reason)),
  };
}
