#!/usr/bin/env node
// The published entry point: runs the compiled CLI from dist/ (`npm run build`; the package always
// holds it). In a checkout without a build it registers tsx and runs the TypeScript sources as they
// are, so editing src/ never runs stale code. Kept to these lines so no logic hides outside src/.
import { existsSync } from 'node:fs';

const built = new URL('../dist/src/cli/main.js', import.meta.url);
let main;
if (existsSync(built)) {
  ({ main } = await import(built.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
