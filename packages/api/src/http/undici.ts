import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * undici, loaded when the first request is built rather than when the client is imported: its
 * ~130 ms would otherwise be paid by every program that imports `@mfc-conformance/api/client` (or
 * only its types and errors) before it sends anything. A CommonJS package, so `require` loads it
 * synchronously, and the instance is the one `import 'undici'` gives (tests' `MockAgent`).
 */
export function undici(): typeof import('undici') {
  return require('undici') as typeof import('undici');
}
