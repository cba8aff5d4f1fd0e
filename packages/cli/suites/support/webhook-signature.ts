// Which key signed a webhook call (§6.3 point 1), judged with every token the profile names. The key
// is the sales channel's oldest valid token, which is not tokens.primary when the channel has several:
// only `webhooks.signingToken` names it. With it, the judgement is strict but for the merchant's other
// channel's token, which may sign that channel's copy of the event (§6.1); without it, a call signed
// with a key the profile does not hold cannot be judged, and one signed with another channel's token
// is a hint, not a defect.
import type { TargetProfile, TokenName } from '../../src/profile/index.js';
import { SIGNATURE_HEADER, signBody, verifySignature, type Delivery } from '../../src/webhooks/index.js';

/** A profile key a call may be signed with. */
export type SigningKeyName = `tokens.${TokenName}` | 'webhooks.signingToken';

/** What a call's signature shows: signed with the right key (pass), not judgeable (skip), or wrong (fail). */
export type SignatureJudgement =
  | { verdict: 'signed'; key: SigningKeyName }
  | { verdict: 'unjudged'; reason: string; details: string[] }
  | { verdict: 'wrong'; reason: string; details: string[] };

// Tokens that are never a valid token of the primary sales channel, whichever of its tokens is the
// oldest: §6.3 point 1 keys a call with a valid token of the channel. The other channel's token is
// not among them: it keys that channel's own copy of an event sent to every channel (§6.1).
const neverTheKey: Record<Exclude<TokenName, 'primary'>, string | undefined> = {
  sameMerchantOtherChannel: undefined,
  otherMerchant: "a token of a different merchant, never a token of the primary's sales channel",
  expired: 'an expired token, which is not valid (§5 point 5)',
  inactiveChannel: 'the token of an inactive sales channel, not of the primary one',
};

const tokenOrder: readonly TokenName[] = ['primary', 'sameMerchantOtherChannel', 'otherMerchant', 'expired', 'inactiveChannel'];

/** The profile's keys, the signing token first, so a call it signed is named by it even when it is also a token. */
function keysOf(profile: TargetProfile): Array<{ name: SigningKeyName; value: string }> {
  const keys: Array<{ name: SigningKeyName; value: string }> = [];
  const signing = profile.webhooks?.signingToken;
  if (signing !== undefined) keys.push({ name: 'webhooks.signingToken', value: signing });
  for (const name of tokenOrder) {
    const value = profile.tokens[name];
    if (value !== undefined) keys.push({ name: `tokens.${name}`, value });
  }
  return keys;
}

function headerOf(delivery: Delivery): string | undefined {
  const value = delivery.headers[SIGNATURE_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Judges the x-service-signature of one call with the profile's keys. The details name keys by
 * their profile key, never by value, and give the digest expected with the signing key beside the
 * one received: a digest is no token, and it shows at once whether the bytes or the key differ.
 */
export function judgeSignature(delivery: Delivery, profile: TargetProfile): SignatureJudgement {
  const keys = keysOf(profile);
  const strict = profile.webhooks?.signingToken !== undefined;
  const signingKey = keys[0]!;
  const header = headerOf(delivery);
  const verdict = verifySignature(delivery.rawBody, header, keys.map((key) => key.value));
  const details = [
    `keys tried: ${keys.map((key) => key.name).join(', ')}`,
    `expected (HMAC-SHA256 keyed with ${signingKey.name}): ${signBody(delivery.rawBody, signingKey.value)}`,
    `received: ${header === undefined ? '(no header)' : header}`,
  ];
  if (!verdict.valid && verdict.reason !== 'mismatch') return { verdict: 'wrong', reason: verdict.message, details };
  if (!verdict.valid) {
    if (strict) return { verdict: 'wrong', reason: `${SIGNATURE_HEADER} verifies with no key of the profile, webhooks.signingToken included: the digest is not of these bytes, or not keyed with the signing token`, details };
    return {
      verdict: 'unjudged',
      reason: `${SIGNATURE_HEADER} verifies with none of the profile's tokens (${keys.map((key) => key.name).join(', ')}). The deployment signs with the sales channel's oldest valid token (§6.3 point 1), which is not tokens.primary when the channel has several: set webhooks.signingToken to it ({env: VAR}) to judge the signature`,
      details,
    };
  }
  const key = keys[verdict.tokenIndex]!.name;
  if (key === signingKey.name) return { verdict: 'signed', key };
  // Even with the signing token known, a call keyed with the other channel's token may be that
  // channel's own copy of an event sent to every channel that registered a URL (§6.1); v2 calls,
  // configured per merchant (§6), name no channel whose token keys them.
  if (strict && key === 'tokens.sameMerchantOtherChannel') {
    return {
      verdict: 'unjudged',
      reason: `${SIGNATURE_HEADER} is keyed with tokens.sameMerchantOtherChannel, not webhooks.signingToken: the other sales channel's own copy of the event (§6.1), or a deployment keying with that channel's token, which a call cannot tell apart`,
      details,
    };
  }
  if (strict) {
    return { verdict: 'wrong', reason: `${SIGNATURE_HEADER} is keyed with ${key}, not with webhooks.signingToken, the sales channel's oldest valid token (§6.3 point 1)`, details };
  }
  const never = neverTheKey[key.slice('tokens.'.length) as Exclude<TokenName, 'primary'>];
  if (never !== undefined) return { verdict: 'wrong', reason: `${SIGNATURE_HEADER} is keyed with ${key}: ${never} (§6.3 point 1)`, details };
  return {
    verdict: 'unjudged',
    reason: `${SIGNATURE_HEADER} is keyed with ${key}, not tokens.primary: that channel's own copy of the event, or a deployment keying with the wrong channel's token; without webhooks.signingToken (the primary channel's oldest valid token, §6.3 point 1) the check cannot tell`,
    details,
  };
}
