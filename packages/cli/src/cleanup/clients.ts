import { createClient, createTransport, type Client, type ConnectionOptions } from '@mfc-conformance/api/client';
import { connectionSecrets, createRedactor, sendRequest } from '@mfc-conformance/api/internal';

/** What v2 GET /skus/{id} answered: its status and its JSON body (undefined when not JSON). */
export interface SkuAnswer {
  status: number;
  body: unknown;
}

/** What cleanup reads and writes through for one token: the v2 and v1 clients and the SKU read. */
export interface CleanupClients {
  v2: Client<'v2'>;
  /** SKUs the run created are v1 records of the token's sales channel (§1), deleted through v1. */
  v1: Client<'v1'>;
  /**
   * v2 GET /skus/{id}, for a SKU's status before it is deleted (§2.6): the v2 SKUs group exists but its
   * operations are not shown (§4.2), and v1 shows no SKU read, so the typed client has no call for it.
   * It goes through the v2 client's own pacing. Rejects with a `ClientError` when no answer came.
   */
  readSku(id: number): Promise<SkuAnswer>;
  close(): Promise<void>;
}

/** How cleanup reaches the target as one token: paced like a run (`share`, `perMinute`). */
export interface CleanupTarget {
  baseUrl: string;
  token: string;
  share?: number;
  perMinute?: number;
  /** The profile's connection settings (proxy, trust, client certificate, gateway headers). */
  connection?: ConnectionOptions;
}

/** The clients of one cleanup pass, the SKU read sharing the v2 client's transport and so its rate-limit window. */
export function cleanupClients(target: CleanupTarget): CleanupClients {
  const { baseUrl, token } = target;
  const pacing = {
    ...(target.share === undefined ? {} : { share: target.share }),
    ...(target.perMinute === undefined ? {} : { perMinute: target.perMinute }),
    ...(target.connection === undefined ? {} : { connection: target.connection }),
  };
  const redact = createRedactor([token, ...connectionSecrets(target.connection)]);
  const v2Transport = createTransport({ redact, ...pacing });
  const v2 = createClient({ baseUrl, token, version: 'v2', transport: v2Transport });
  const v1 = createClient({ baseUrl, token, version: 'v1', ...pacing });
  return {
    v2,
    v1,
    async readSku(id) {
      const answer = await sendRequest(v2Transport, { api: 'v2', baseUrl, method: 'GET', path: `/skus/${id}`, token }, redact);
      return { status: answer.status, body: answer.json.ok ? answer.json.value : undefined };
    },
    async close() {
      await v2.close();
      await v1.close();
      await v2Transport.close?.();
    },
  };
}
