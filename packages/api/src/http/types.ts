import type { Dispatcher } from 'undici';

/** One HTTP exchange as the reports show it (docs/REPORTS.md): tokens already replaced by `[redacted]`, bodies truncated. */
export interface RecordedExchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  /** null when no answer arrived (refused, timed out, reset). */
  status: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
  /** Why no answer arrived, when `status` is null. */
  error?: string;
  durationMs: number;
  /** The rate-limit window the request counted in (§8), by its label (`v1 primary`, `v2 merchant`), never by its token. */
  window?: string;
  /** When the request went on the wire (epoch ms, after any pacing wait). */
  startedAt?: number;
  /** How a replay line names the token the request carried (`$MFC_TOKEN`, `<tokens.primary of p.yaml>`); never the token. */
  replayToken?: string;
  /** How a replay line names the value of each secret connection header it carried (`x-api-key` → `$GATEWAY_KEY`); never the value. */
  replayHeaders?: Record<string, string>;
  /** The options a replay line needs to reach the deployment the way the request did (curl's `--proxy`, `--cacert`, `--cert`, `--key`). */
  replayOptions?: string;
}

/** One step of the client's interceptor chain (undici `dispatch => (opts, handler) => …`). */
export type Interceptor = Dispatcher.DispatcherComposeInterceptor;

/** Dispatch options as our interceptors see them: undici's plus the per-request hooks the client sets. */
export interface MfcDispatchOptions extends Dispatcher.DispatchOptions {
  /** Receives each exchange the request causes (a retried 429 yields two). */
  onExchange?: (exchange: RecordedExchange) => void;
  /** The request means to provoke a 429 (§8): neither paced nor retried. */
  provoke429?: boolean;
  /** The label of the rate-limit window the request counts in, set by the pacing step for the recording step. */
  window?: string;
}
