// Every deliberate error carries its exit code; `mfc` reads it once (src/cli/main.ts) and prints the
// message alone, while anything else is a bug whose stack is printed.
import { afterEach, describe, expect, it } from 'vitest';
import { BaselineError } from '../../packages/cli/src/baseline/index.js';
import { CheckFileError } from '../../packages/cli/src/checks/registry.js';
import { ReportError } from '../../packages/cli/src/cleanup/report.js';
import { UsageError } from '../../packages/cli/src/cli/command.js';
import { commands } from '../../packages/cli/src/cli/main.js';
import { NetworkError, TimeoutError } from '../../packages/api/src/client/index.js';
import { MfcError } from '../../packages/api/src/errors.js';
import { ProfileError } from '../../packages/cli/src/profile/index.js';
import { RulesError } from '../../packages/cli/src/rules/index.js';
import { RunRefusedError } from '../../packages/cli/src/runner/safety.js';
import { PromptError, TargetError } from '../../packages/cli/src/setup/index.js';
import { runMfcInProcess } from '../webhooks/spawn.js';

const table: Array<[string, { error: MfcError; code: string; exitCode: 1 | 2 }]> = [
  ['a wrong invocation', { error: new UsageError('needs --profile FILE'), code: 'MFC_USAGE', exitCode: 2 }],
  ['an invalid profile', { error: new ProfileError('p.yaml: tokens.primary is missing'), code: 'MFC_PROFILE', exitCode: 2 }],
  ['a refused run', { error: new RunRefusedError('the profile targets production'), code: 'MFC_RUN_REFUSED', exitCode: 2 }],
  ['a broken baseline', { error: new BaselineError('cannot read baseline b.yaml: ENOENT'), code: 'MFC_BASELINE', exitCode: 2 }],
  ['a report cleanup cannot read', { error: new ReportError('--report r.json is not JSON'), code: 'MFC_CLEANUP_REPORT', exitCode: 2 }],
  ['three wrong answers', { error: new PromptError('--base-url: expected an http(s) URL'), code: 'MFC_PROMPT', exitCode: 2 }],
  ['an invalid rule inventory', { error: new RulesError(['01.yaml: not readable YAML']), code: 'MFC_RULES_INVALID', exitCode: 1 }],
  ['a check file that does not import', { error: new CheckFileError('suites/v1/x.check.ts', new Error('boom')), code: 'MFC_CHECK_FILE', exitCode: 1 }],
  ['a target init cannot use', { error: new TargetError('the target answered 401'), code: 'MFC_INIT_TARGET', exitCode: 1 }],
  ['no answer', { error: new NetworkError('GET http://127.0.0.1:1/: connection refused', 'connection refused'), code: 'MFC_NETWORK', exitCode: 1 }],
  ['no answer in time', { error: new TimeoutError('GET http://127.0.0.1:1/: no answer within 5 ms', 5), code: 'MFC_CLIENT_TIMEOUT', exitCode: 1 }],
];

describe('MfcError', () => {
  afterEach(() => {
    delete commands['throws'];
  });

  const throwing = (error: unknown) => {
    commands['throws'] = { summary: 'throws', load: async () => ({ summary: 'throws', help: 'Usage: mfc throws', run: () => Promise.reject(error) }) };
  };

  it.each(table)('%s: its code and exit code, read once by mfc, which prints the message only', async (_name, { error, code, exitCode }) => {
    expect({ code: error.code, exitCode: error.exitCode }).toEqual({ code, exitCode });
    throwing(error);
    expect(await runMfcInProcess(['throws'])).toEqual({ code: exitCode, out: `mfc throws: ${error.message}\n` });
  });

  it('leaves any other error a bug: its stack, exit 1', async () => {
    throwing(new TypeError('x is undefined'));
    const { code, out } = await runMfcInProcess(['throws']);
    expect(code).toBe(1);
    expect(out).toMatch(/^mfc throws: TypeError: x is undefined\n {4}at /);
  });
});
