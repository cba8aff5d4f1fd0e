#!/usr/bin/env node
// The published entry point: registers tsx so the TypeScript sources run as they are,
// then hands the arguments to the CLI. Kept to these lines so no logic hides outside src/.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
