import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTarget, type FakeTarget } from '../support/fake-target.js';
import { tempDir } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';
import { isWellFormedXml } from '../support/xml.js';

// A token with the characters that escape differently in JSON, URLs and base64.
const token = 'hst/Tok+9z=Q/aZ+wX-_.~Lm/Np+Qr';
// Clear the screen, retitle the window, ring the bell, a C1 CSI, reverse the text's direction, a carriage return.
const hostile = '\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eevil\u2066\r\u007f\u0000';
const echoes = [
  JSON.stringify(token).slice(1, -1).replaceAll('/', '\\/'),
  encodeURIComponent(token),
  Buffer.from(`Bearer ${token}`).toString('base64'),
  token.slice(0, 20),
];
const forbidden = [token, ...echoes, token.slice(0, 12), token.slice(-12), encodeURIComponent(token.slice(3, 15))];
const rawControls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('mfc run against a hostile target', () => {
  let target: FakeTarget;
  beforeAll(async () => {
    target = await startFakeTarget((request, _reply, res) => {
      // The preflight read passes, so the checks run and meet the hostile answers.
      if (request.url.includes('limit=1') && request.headers.authorization === `Bearer ${token}`) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"orders":[]}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' })
        .end(`{"message":"${hostile}","echo":["${echoes.join('","')}"],"title":"${hostile}"}`);
    });
  });
  afterAll(async () => {
    await target.close();
  });

  it('prints no control or bidi character and no form of the token; junit.xml is well-formed, report.json valid, report.html escaped', async () => {
    const reportDir = tempDir('mfc-hostile-');
    const result = await runCli(['run', '--base-url', target.url, '--token', token, '--only', 'v1.auth.*', '--report-dir', reportDir], { reportDir, timeoutMs: 90_000 });
    expect(result.code).toBe(1);
    const terminal = result.stdout + result.stderr;
    // The failure shows the body, with its controls written visibly.
    expect(result.stdout).toContain('\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202eevil\\u2066\\x0d\\x7f\\x00');
    expect(terminal).not.toMatch(rawControls);
    const [json, junit, html] = ['report.json', 'junit.xml', 'report.html'].map((name) => readFileSync(`${reportDir}/${name}`, 'utf8'));
    expect(() => JSON.parse(json!) as unknown).not.toThrow();
    expect(isWellFormedXml(junit!)).toBe(true);
    expect(junit).not.toMatch(rawControls);
    expect(html).not.toMatch(rawControls);
    expect(html).toContain('\\x1b[2J');
    for (const output of [terminal, json!, junit!, html!]) {
      for (const form of forbidden) expect(output).not.toContain(form);
    }
  }, 120_000);
});
