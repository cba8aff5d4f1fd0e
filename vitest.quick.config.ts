// The inner loop's tier (`npm run test:quick`): the project's tests without the slow ones (see slowTests).
import { defineConfig, mergeConfig } from 'vitest/config';
import base, { slowTests } from './vitest.config.js';

export default mergeConfig(base, defineConfig({ test: { exclude: slowTests } }));
