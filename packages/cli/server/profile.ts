import type { TargetProfile, WebhookSettings } from '../src/profile/types.js';
import { seedIds } from './seed.js';
import { RETRY_DELAYS_MS, answerLimitOf } from './webhooks/schedule.js';

/** How long a run waits for a webhook (docs/PROFILE.md `webhooks.timeoutMs`): well above the 5 s answer limit. */
export const webhookTimeoutMs = 10_000;

/** Where webhooks go, as the serve options give them. */
export interface WebhookTargets {
  v1Url?: string;
  v2Url?: string;
  timeScale: number;
  /** The answer limit the server was started with (`webhookAnswerTimeoutMs`); default `answerLimitOf(timeScale)`. */
  answerTimeoutMs?: number;
}

/** The profile (docs/PROFILE.md) that names the seeded fixtures and all five tokens of a running server. */
export function buildProfile(baseUrl: string, rateLimit: number, batchTracking: boolean, webhooks: WebhookTargets, expiryHandling = true): TargetProfile {
  const profile: TargetProfile = {
    baseUrl,
    environment: 'local',
    allowWrites: true,
    tokens: {
      primary: seedIds.tokens.primary,
      sameMerchantOtherChannel: seedIds.tokens.sameMerchantOtherChannel,
      otherMerchant: seedIds.tokens.otherMerchant,
      expired: seedIds.tokens.expired,
      inactiveChannel: seedIds.tokens.inactiveChannel,
    },
    fixtures: {
      salesChannelId: seedIds.primaryChannel,
      warehouseId: seedIds.warehouse,
      sku: { ...seedIds.sku },
      otherChannelSku: { ...seedIds.otherChannelSku },
      batchSku: { ...seedIds.batchSku },
      otherMerchant: { salesChannelId: seedIds.otherMerchantChannel, warehouseId: seedIds.otherMerchantWarehouse, sku: { ...seedIds.otherMerchantSku } },
    },
    features: { batchTracking, expiryHandling },
    rateLimit: { perMinute: rateLimit, provoke: false },
  };
  const settings = webhookSettings(webhooks);
  if (settings) profile.webhooks = settings;
  return profile;
}

/**
 * The profile's `webhooks` block: only when both URLs name the same host and port (the run listens on
 * one). `answerLimitMs` is how long the server waits for an answer (5 s scaled, `answerLimitOf`);
 * `retryWithinMs` the first retry wait of the schedule scaled by the time scale, plus 2/5 of the
 * answer limit as the margin a retry's trip may take (2 s at time scale 1, 800 ms at the smallest
 * limit), so that at a small scale every webhook wait of a run is short.
 */
function webhookSettings({ v1Url, v2Url, timeScale, answerTimeoutMs }: WebhookTargets): WebhookSettings | undefined {
  if (!v1Url || !v2Url) return undefined;
  const v1 = new URL(v1Url);
  const v2 = new URL(v2Url);
  if (v1.host !== v2.host) return undefined;
  const answerLimitMs = answerTimeoutMs ?? answerLimitOf(timeScale);
  return {
    host: v1.hostname,
    port: Number(v1.port || (v1.protocol === 'https:' ? 443 : 80)),
    v1Path: `${v1.pathname}${v1.search}`,
    v2Path: `${v2.pathname}${v2.search}`,
    signingToken: seedIds.tokens.signing,
    timeoutMs: webhookTimeoutMs,
    retryWithinMs: Math.ceil((RETRY_DELAYS_MS[0] ?? 60_000) * timeScale) + Math.round((answerLimitMs * 2) / 5),
    answerLimitMs,
  };
}
