// How the webhook checks judge a call's x-service-signature with the profile's keys (§6.3 point 1):
// strict with webhooks.signingToken, and without it unable to tell a channel's oldest token from a
// wrong one, so such a call is skipped naming the key, never failed.
import { describe, expect, it } from 'vitest';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import { signBody, type Delivery } from '../../packages/cli/src/webhooks/index.js';
import { judgeSignature, type SignatureJudgement } from '../../packages/cli/suites/support/webhook-signature.js';

const tokens = { primary: 'tok-primary-newest', sameMerchantOtherChannel: 'tok-other-channel', otherMerchant: 'tok-other-merchant', expired: 'tok-expired' };
const OLDEST = 'tok-primary-channel-oldest';
const UNKNOWN = 'tok-nobody-knows';
const raw = Buffer.from('{"id":1001,"status":"cancelled","supplier_name":"Müller"}');

function profile(signingToken?: string): TargetProfile {
  return {
    baseUrl: 'http://127.0.0.1:1',
    environment: 'local',
    tokens,
    fixtures: { salesChannelId: 11 },
    webhooks: { host: '127.0.0.1', port: 0, v1Path: '/webhooks/v1', v2Path: '/webhooks/v2', ...(signingToken === undefined ? {} : { signingToken }) },
  };
}

function delivery(signature: string | undefined): Delivery {
  return {
    seq: 1, method: 'POST', path: '/webhooks/v1', rawBody: raw, body: JSON.parse(raw.toString()) as unknown, receivedAt: new Date(), api: 'v1',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-service-signature': signature }) },
    refusal: undefined, signature: undefined, eventId: 'e-1', resource: { id: 1001, status: 'cancelled' }, event: undefined, answer: 204,
  };
}

const table: Array<[string, { given: { signingToken?: string; key: string | undefined }; want: { verdict: SignatureJudgement['verdict']; reason?: RegExp } }]> = [
  ['strict: keyed with the signing token', { given: { signingToken: OLDEST, key: OLDEST }, want: { verdict: 'signed' } }],
  ['strict: keyed with the newest token (tokens.primary)', { given: { signingToken: OLDEST, key: tokens.primary }, want: { verdict: 'wrong', reason: /keyed with tokens\.primary, not with webhooks\.signingToken, the sales channel's oldest valid token/ } }],
  ['strict: keyed with a key the profile does not hold', { given: { signingToken: OLDEST, key: UNKNOWN }, want: { verdict: 'wrong', reason: /verifies with no key of the profile, webhooks\.signingToken included/ } }],
  ['strict: keyed with the other channel\'s token (that channel\'s own copy, §6.1)', { given: { signingToken: OLDEST, key: tokens.sameMerchantOtherChannel }, want: { verdict: 'unjudged', reason: /keyed with tokens\.sameMerchantOtherChannel, not webhooks\.signingToken: the other sales channel's own copy/ } }],
  ['strict: keyed with another merchant\'s token', { given: { signingToken: OLDEST, key: tokens.otherMerchant }, want: { verdict: 'wrong', reason: /keyed with tokens\.otherMerchant, not with webhooks\.signingToken/ } }],
  ['strict: signing token and primary the same token', { given: { signingToken: tokens.primary, key: tokens.primary }, want: { verdict: 'signed' } }],
  ['without signingToken: keyed with the primary (the channel\'s only token)', { given: { key: tokens.primary }, want: { verdict: 'signed' } }],
  ['without signingToken: keyed with the oldest token, which the profile does not hold', { given: { key: OLDEST }, want: { verdict: 'unjudged', reason: /verifies with none of the profile's tokens \(tokens\.primary, tokens\.sameMerchantOtherChannel, tokens\.otherMerchant, tokens\.expired\)\. .*oldest valid token .*set webhooks\.signingToken to it/ } }],
  ['without signingToken: keyed with another channel\'s token (its own copy, or a wrong key)', { given: { key: tokens.sameMerchantOtherChannel }, want: { verdict: 'unjudged', reason: /keyed with tokens\.sameMerchantOtherChannel, not tokens\.primary: .*without webhooks\.signingToken/ } }],
  ['without signingToken: keyed with another merchant\'s token', { given: { key: tokens.otherMerchant }, want: { verdict: 'wrong', reason: /keyed with tokens\.otherMerchant: a token of a different merchant/ } }],
  ['without signingToken: keyed with an expired token', { given: { key: tokens.expired }, want: { verdict: 'wrong', reason: /keyed with tokens\.expired: an expired token, which is not valid/ } }],
  ['either way: no header', { given: { key: undefined }, want: { verdict: 'wrong', reason: /received no header/ } }],
];

describe('judging a webhook signature with the profile\'s keys', () => {
  it.each(table)('%s', (_name, { given, want }) => {
    const signature = given.key === undefined ? undefined : signBody(raw, given.key);
    const judgement = judgeSignature(delivery(signature), profile(given.signingToken));
    expect(judgement.verdict).toBe(want.verdict);
    if (want.reason) expect(judgement.verdict !== 'signed' && judgement.reason).toMatch(want.reason);
  });

  it('names the keys tried and both digests, never a token', () => {
    const judgement = judgeSignature(delivery(signBody(raw, tokens.primary)), profile(OLDEST));
    expect(judgement.verdict).toBe('wrong');
    const details = judgement.verdict === 'wrong' ? judgement.details : [];
    expect(details).toEqual([
      'keys tried: webhooks.signingToken, tokens.primary, tokens.sameMerchantOtherChannel, tokens.otherMerchant, tokens.expired',
      `expected (HMAC-SHA256 keyed with webhooks.signingToken): ${signBody(raw, OLDEST)}`,
      `received: ${signBody(raw, tokens.primary)}`,
    ]);
    for (const token of [...Object.values(tokens), OLDEST]) expect(details.join('\n')).not.toContain(token);
  });
});
