#!/usr/bin/env node
// The published entry point: runs the compiled CLI from dist/ (`npm run build`; the package always
// holds it). In a checkout without a build it registers tsx and runs the TypeScript sources as they
// are, so editing src/ never runs stale code; there `@mfc-conformance/api` resolves to its sources
// too, through its exports' `mfc-source` condition (added by a resolve hook, as `node --conditions`
// cannot be set once Node runs). Kept to these lines so no logic hides outside src/.
import { existsSync } from 'node:fs';

const built = new URL('../dist/src/cli/main.js', import.meta.url);
let main;
if (existsSync(built)) {
  ({ main } = await import(built.href));
} else {
  const { register } = await import('node:module');
  register('data:text/javascript,export function resolve(s,c,n){return n(s,{...c,conditions:[...c.conditions,"mfc-source"]})}');
  const { register: registerTsx } = await import('tsx/esm/api');
  registerTsx();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
