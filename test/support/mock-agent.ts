import { MockAgent } from 'undici';
import { afterEach, beforeEach } from 'vitest';

/**
 * A fresh undici MockAgent for each test of the calling describe block (no real connection), closed
 * after it; read it through the returned getter.
 */
export function useMockAgent(): () => MockAgent {
  let agent: MockAgent | undefined;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
  });
  afterEach(async () => {
    await agent?.close();
  });
  return () => agent!;
}
