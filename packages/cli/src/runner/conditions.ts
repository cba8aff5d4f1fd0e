// The resolve conditions of a vitest run over TypeScript sources: Vite's defaults for its server
// environment, plus `mfc-source`, the condition under which `@mfc-conformance/api`'s exports point at
// its sources (packages/api/src) instead of its dist/. Shared by `npm test` (vitest.config.ts) and
// `mfc run` from a checkout without a build (src/runner/vitest.ts), so both resolve the api package alike.
// Vite's `defaultServerConditions`, spelt out: vite is vitest's dependency, not ours to import.
const defaultServerConditions = ['module', 'node', 'development|production'];

/** The condition `@mfc-conformance/api`'s exports name its TypeScript sources by. */
export const SOURCE_CONDITION = 'mfc-source';

/** Vite's default server conditions with `mfc-source` first. */
export const sourceConditions: readonly string[] = [SOURCE_CONDITION, ...defaultServerConditions];
