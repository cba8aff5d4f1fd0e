import { inspect } from 'node:util';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor, HttpClient, REDACTED, RECORDED_BODY_LIMIT, toCurl, type RecordedExchange } from '../../packages/cli/src/http/index.js';

describe('createRedactor', () => {
  const table: Array<[string, { secrets: string[]; given: string; want: string }]> = [
    ['every occurrence', { secrets: ['abc'], given: 'abc x abc', want: `${REDACTED} x ${REDACTED}` }],
    ['the longer of two overlapping tokens whole', { secrets: ['tok', 'tok-long'], given: 'Bearer tok-long', want: `Bearer ${REDACTED}` }],
    ['nothing for an empty secret', { secrets: [''], given: 'text', want: 'text' }],
    ['a short token only whole', { secrets: ['s3cr/t+1'], given: 's3cr/t and s3cr/t+1', want: `s3cr/t and ${REDACTED}` }],
  ];
  it.each(table)('replaces %s', (_name, { secrets, given, want }) => {
    expect(createRedactor(secrets)(given)).toBe(want);
  });
});

describe('createRedactor: every form a target can echo a token in', () => {
  const token = 'Tk/9+aZ=q-r_s.t~u/Vw+Xy=ü€😀/end';
  const utf8Hex = (text: string, lower = false) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (hex) => (lower ? hex.toLowerCase() : hex));
  const unicodeEscapes = (text: string, upper = false) =>
    [...text].flatMap((char) => char.split('')).map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .map((escape) => (upper ? escape.toUpperCase().replace('\\U', '\\u') : escape)).join('');
  const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const forms: Array<[string, string]> = [
    ['raw', token],
    ['JSON-escaped (JSON.stringify)', JSON.stringify(token).slice(1, -1)],
    ['JSON-escaped with \\/', JSON.stringify(token).slice(1, -1).replaceAll('/', '\\/')],
    ['JSON \\uXXXX escapes of every character', unicodeEscapes(token)],
    ['JSON \\uXXXX escapes in upper case', unicodeEscapes(token, true)],
    ['JSON \\uXXXX escapes of some characters', token.replace(/[/+=]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)],
    ['URL-encoded (encodeURIComponent)', utf8Hex(token)],
    ['URL-encoded in lower-case hex', utf8Hex(token, true)],
    ['form-encoded (space as +, + as %2B)', new URLSearchParams({ q: `${token} x` }).toString().slice(2)],
    ['HTML-escaped', html(`${token}<&>"'`)],
    ['HTML numeric references', token.replace(/[/+=]/g, (char) => `&#x${char.charCodeAt(0).toString(16)};`)],
    ['JSON inside JSON', JSON.stringify(JSON.stringify(token))],
    ['URL-encoded inside JSON inside HTML', html(JSON.stringify(utf8Hex(token)))],
    ['base64 of Bearer <token>', base64(`Bearer ${token}`)],
    ['base64 of the token', base64(token)],
    ['base64 of the token without padding', base64(token).replace(/=+$/, '')],
    ['URL-safe base64 of the token', Buffer.from(token).toString('base64url')],
    ['base64 of user:<token> (Basic)', base64(`user:${token}`)],
    ['base64 of the token inside a longer text', base64(`{"a":"xy","token":"${token}"}`)],
    ['the terminal escapes of report text', token.replace(/\//g, '\\x2f')],
    ['the first 14 characters (a truncated echo)', token.slice(0, 14)],
    ['a run of 12 characters from the middle', token.slice(7, 19)],
    ['12 characters, URL-encoded', utf8Hex(token.slice(3, 15))],
    ['the base64 of a 12-character substring at an odd offset', base64(token.slice(5, 17))],
  ];
  const redact = createRedactor([token]);

  it.each(forms)('redacts %s', (_name, form) => {
    const text = `echo: ${form} (end)`;
    const redacted = redact(text);
    expect(redacted).toContain(REDACTED);
    for (const piece of [token, form, token.slice(0, 12), token.slice(-12)]) expect(redacted).not.toContain(piece);
    // What is left of a base64 form is at most the characters its neighbours share.
    expect(redacted.replace(REDACTED, '').length).toBeLessThan(text.length - Math.min(12, form.length) + 8);
  });

  // Found by the property in test/http/redaction.property.test.ts: every family decoded at once reads
  // the backslash and the token's first character as the escape \t.
  it('redacts a URL-encoded token right after a literal backslash', () => {
    const secret = 't3ME ßß4KmyiliXJX';
    const redacted = createRedactor([secret])(`[\\${utf8Hex(secret).replaceAll('%20', '+').slice(0, 22)}`);
    expect(redacted).toContain(REDACTED);
    expect(redacted).not.toContain('t3ME+%C3%9F');
  });

  // Found by the property too: a literal '%' before a token URL-encoded twice reads '%5c' as a
  // backslash, which the next layer reads with the token's 'r' as '\r'; three characters of a
  // 14-character echo are gone from the decoded text.
  it('redacts a token encoded twice right after a literal percent sign', () => {
    const secret = '5crR.mxK+rnC9rg';
    const twice = encodeURIComponent(encodeURIComponent(secret.slice(0, 14)));
    const redacted = createRedactor([secret])(`note=%${twice};`);
    expect(redacted).not.toContain('5crR.mxK%252BrnC');
    expect(redacted).toBe(`note=${REDACTED};`);
  });

  it('keeps a run shorter than 12 characters, which says too little about a long token', () => {
    expect(redact(`x ${token.slice(0, 11)} y`)).toBe(`x ${token.slice(0, 11)} y`);
  });

  it('never cuts an escape in half, so JSON and XML stay valid', () => {
    // "\n" followed by a token that starts with "n": the match must not leave a lone backslash.
    const secret = 'nabcdefghijklmnop';
    const json = JSON.stringify({ body: `line\n${secret.slice(1)}`, other: `\\${secret}` });
    const redacted = createRedactor([secret])(json);
    expect(() => JSON.parse(redacted) as unknown).not.toThrow();
    expect(redacted).not.toContain(secret.slice(1, 13));
  });

  // How fast is `npm run bench`'s question, not a test's: a busy machine would race a time bound.
  it('redacts a token inside 1 MB of JSON, with 5 tokens to look for', () => {
    const tokens = Array.from({ length: 5 }, (_, i) => `tok${i}/${'Zq9+'.repeat(15)}${i}`);
    const body = JSON.stringify(Array.from({ length: 9000 }, (_, i) => ({ id: i, note: 'lorem ipsum \\ " / é', url: 'https://x.test/a?b=c%20d&e=f' })));
    const report = JSON.stringify({ body: `${body.slice(0, 5000)}${JSON.stringify(tokens[2])}${body.slice(5000)}` }, null, 2);
    const many = createRedactor(tokens);
    const redacted = many(report);
    expect(redacted).not.toContain(tokens[2]!.slice(0, 12));
  });
});

describe('recording', () => {
  let agent: MockAgent;
  afterEach(async () => {
    await agent.close();
  });

  it('records the exchange with every token redacted and the body truncated', async () => {
    const token = 'secret-token-4b1d';
    agent = new MockAgent();
    agent.disableNetConnect();
    const echo = `{"token":"${token}","pad":"${'x'.repeat(RECORDED_BODY_LIMIT + 100)}"}`;
    agent.get('http://target.test').intercept({ path: `/merchant_api/v1/orders?q=${token}`, method: 'POST' })
      .reply(400, echo, { headers: { 'x-echo': token } });
    const client = new HttpClient({ secrets: [token], dispatcher: agent });
    const answer = await client.send({
      method: 'POST',
      url: `http://target.test/merchant_api/v1/orders?q=${token}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ note: token }),
    });
    // The caller still gets the real answer; only the record is redacted.
    expect(answer.text).toBe(echo);
    const [exchange] = answer.exchanges;
    expect(JSON.stringify(exchange)).not.toContain(token);
    expect(exchange?.requestHeaders.authorization).toBe(`Bearer ${REDACTED}`);
    expect(exchange?.url).toContain(REDACTED);
    expect(exchange?.responseHeaders['x-echo']).toBe(REDACTED);
    expect(exchange?.responseBody?.length).toBeLessThan(echo.length);
    expect(exchange?.responseBody).toMatch(/more characters|bytes in all/);
    expect(toCurl(exchange!)).toContain('"authorization: Bearer $MFC_TOKEN"');
  });

  // A record is redacted when a field is first read (most records of a run never are): every way of
  // reading it, field by field, spread, serialised, cloned to another thread or inspected, shows no token.
  it('shows no token however the record is read', async () => {
    const token = 'secret-token-77c2';
    agent = new MockAgent();
    agent.disableNetConnect();
    agent.get('http://target.test').intercept({ path: `/merchant_api/v1/orders/${token}`, method: 'PUT' })
      .reply(200, `{"echo":"${token}"}`, { headers: { 'x-echo': `Bearer ${token}` } });
    const client = new HttpClient({ secrets: [token], dispatcher: agent });
    const { exchanges: [exchange] } = await client.send({
      method: 'PUT',
      url: `http://target.test/merchant_api/v1/orders/${token}`,
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ note: token }),
    });
    const readings = {
      fields: [exchange!.url, exchange!.requestHeaders, exchange!.requestBody, exchange!.responseHeaders, exchange!.responseBody],
      spread: { ...exchange! },
      clone: structuredClone(exchange!),
      inspected: inspect(exchange!, { getters: true, depth: 5 }),
    };
    for (const [how, reading] of Object.entries(readings)) {
      const text = typeof reading === 'string' ? reading : JSON.stringify(reading);
      expect(text, how).not.toContain(token);
      expect(text, how).toContain(REDACTED);
    }
  });

  it('redacts the reason of a request that got no answer', async () => {
    const token = 'secret-token-9e0f';
    agent = new MockAgent();
    agent.disableNetConnect();
    agent.get('http://target.test').intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).replyWithError(new Error(`refused for ${token}`));
    const client = new HttpClient({ secrets: [token], dispatcher: agent });
    const failure = await client.send({ method: 'GET', url: 'http://target.test/merchant_api/v1/orders', headers: {} }).catch((error: unknown) => error);
    const [exchange] = (failure as { exchanges: RecordedExchange[] }).exchanges;
    expect(exchange?.status).toBeNull();
    expect(exchange?.error).toBe(`refused for ${REDACTED}`);
    expect(JSON.stringify(structuredClone(exchange))).not.toContain(token);
  });

  // Issue 31: a header value read from the environment, the proxy's password and the client key's
  // passphrase are secrets like the tokens, in every encoding a target may echo them.
  it.each([
    ['a gateway header from the environment', (secret: string) => ({ headers: { 'X-Api-Key': { secret, replayAs: '$GATEWAY_KEY' } } })],
    ["the proxy's password", (secret: string) => ({ proxy: `http://jo:${encodeURIComponent(secret)}@proxy.test:3128` })],
    ["the client key's passphrase", (secret: string) => ({ clientCertificate: { cert: 'unused', key: 'unused', passphrase: secret } })],
  ] as const)('redacts %s everywhere a token is, in every encoding', async (_name, connection) => {
    const secret = 'conn-secret/7a+e9d?c0b';
    agent = new MockAgent();
    agent.disableNetConnect();
    const echoes = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1).replace('/', '\\/'), Buffer.from(`jo:${secret}`).toString('base64'), secret.slice(0, 14)];
    agent.get('http://target.test').intercept({ path: '/merchant_api/v2/orders', method: 'GET' }).reply(401, { errors: echoes }, { headers: { 'x-echo': secret } });
    // A dispatcher of the test's own: the proxy and client certificate are not dialled, their secrets still known.
    const client = new HttpClient({ secrets: ['tok-redact-conn'], dispatcher: agent, connection: connection(secret) });
    const answer = await client.send({ method: 'GET', url: 'http://target.test/merchant_api/v2/orders', headers: { authorization: 'Bearer tok-redact-conn' } });
    const [exchange] = answer.exchanges;
    const shown = JSON.stringify(structuredClone(exchange));
    for (const echo of echoes) expect(shown).not.toContain(echo);
    expect(client.redact(`failed: ${secret}`)).toBe(`failed: ${REDACTED}`);
    if ('headers' in connection(secret)) {
      expect(exchange?.requestHeaders['x-api-key']).toBe(REDACTED);
      expect(toCurl(exchange!)).toContain('"x-api-key: $GATEWAY_KEY"');
    }
  });
});

