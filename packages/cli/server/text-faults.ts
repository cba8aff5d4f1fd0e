import type { FaultName, Faults } from './faults/index.js';
import type { Api } from './http/errors.js';

/**
 * The writes whose text the `*-text-double-encoded` faults store double-encoded: the request's UTF-8
 * bytes read as Latin-1 ("Müller" kept as "MÃ¼ller"), as a service with a mismatched database
 * encoding does. ASCII text is the same either way, so only text beyond it shows the fault.
 */
const garbled: ReadonlyArray<{ fault: FaultName; api: Api; collection: string }> = [
  { fault: 'v1-orders-text-double-encoded', api: 'v1', collection: '/orders' },
  { fault: 'v2-orders-text-double-encoded', api: 'v2', collection: '/orders' },
  { fault: 'v1-restocking-text-double-encoded', api: 'v1', collection: '/restocking_shipments' },
  { fault: 'v2-restocking-text-double-encoded', api: 'v2', collection: '/restocking_shipments' },
  { fault: 'v1-skus-text-double-encoded', api: 'v1', collection: '/skus' },
];

function doubleEncoded(value: unknown): unknown {
  if (typeof value === 'string') return Buffer.from(value, 'utf8').toString('latin1');
  if (Array.isArray(value)) return value.map(doubleEncoded);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, element]) => [key, doubleEncoded(element)]));
}

/** A write's body as the service takes its text in: as sent, unless a text fault covers the write to `path` (relative to the version). */
export function bodyAsStored(faults: Faults, api: Api, method: string, path: string, body: unknown): unknown {
  if (method === 'GET' || method === 'HEAD') return body;
  const covered = garbled.some((entry) => entry.api === api && faults.has(entry.fault) && (path === entry.collection || path.startsWith(`${entry.collection}/`)));
  return covered ? doubleEncoded(body) : body;
}
