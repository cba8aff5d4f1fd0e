import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor, HttpClient, REDACTED, RECORDED_BODY_LIMIT, toCurl } from '../../src/http/index.js';

describe('createRedactor', () => {
  const table: Array<[string, { secrets: string[]; given: string; want: string }]> = [
    ['every occurrence', { secrets: ['abc'], given: 'abc x abc', want: `${REDACTED} x ${REDACTED}` }],
    ['the longer of two overlapping tokens whole', { secrets: ['tok', 'tok-long'], given: 'Bearer tok-long', want: `Bearer ${REDACTED}` }],
    ['nothing for an empty secret', { secrets: [''], given: 'text', want: 'text' }],
  ];
  it.each(table)('replaces %s', (_name, { secrets, given, want }) => {
    expect(createRedactor(secrets)(given)).toBe(want);
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
});
