import { describe, expect, it } from 'vitest';
import { commands } from '../../packages/cli/src/cli/main.js';

describe('mfc --help loads no command module', () => {
  it.each(Object.entries(commands))('the dispatcher\'s line for %s is the module\'s own summary', async (_name, entry) => {
    expect((await entry.load()).summary).toBe(entry.summary);
  });
});
