// A small integration written for the proxy's tests, as an integrator would write one with the typed
// client of @mfc-conformance/api: it creates and updates an order on each version and reads the
// order lists. Each mistake switches on one thing a client must not do; a mistake the client's own
// HTTP stack would prevent (pacing, waiting out a 429) is made by a naive transport of its own.
import { createClient, type Transport } from '@mfc-conformance/api/client';

/** The client-side mistakes the proxy must find, each on the integration's side. */
export type Mistake = 'lowercase-currency' | 'unknown-property' | 'early-retry' | 'rate-limit-overrun' | 'guessed-page';

/** What the integration needs: where the API is (the proxy), the token, its sales channel and a SKU. */
export interface IntegrationSettings {
  baseUrl: string;
  token: string;
  salesChannelId: number;
  skuId: number;
  /** Makes merchant_order_ids unique across the tests' runs against one server. */
  prefix: string;
  mistake?: Mistake;
}

// A transport that sends each request once, at once: no pacing, no 429 retry.
function naiveTransport(): Transport {
  return {
    async send(request) {
      const answer = await fetch(request.url, { method: request.method, headers: request.headers ?? {}, ...(request.body === undefined ? {} : { body: request.body }) });
      return { status: answer.status, headers: Object.fromEntries(answer.headers), text: await answer.text(), exchanges: [] };
    },
  };
}

function address() {
  return { first_name: 'Maria', last_name: 'Schmidt', line1: 'Torstraße 112', city: 'Berlin', postal_code: '10119', country_code: 'DE' };
}

/** Runs the integration once; resolves when it has sent its traffic (answers it does not like are its own business). */
export async function runIntegration(settings: IntegrationSettings): Promise<void> {
  const { mistake } = settings;
  const v2 = createClient({ baseUrl: settings.baseUrl, token: settings.token, version: 'v2' });
  const v1 = createClient({ baseUrl: settings.baseUrl, token: settings.token, version: 'v1' });
  const naive = createClient({ baseUrl: settings.baseUrl, token: settings.token, version: 'v1', transport: naiveTransport() });
  try {
    if (mistake === 'rate-limit-overrun') {
      // Reads until the deployment refuses, never looking at X-Rate-Limit-Used.
      for (let sent = 0; sent < 1_000; sent++) if ((await naive.GET('/orders', { params: { query: { limit: 1 } } })).status === 429) return;
      return;
    }
    if (mistake === 'early-retry') {
      // Sent again at once while the 429's Retry-After still runs.
      const first = await naive.GET('/orders', { params: { query: { limit: 1 } } });
      if (first.status === 429) await naive.GET('/orders', { params: { query: { limit: 1 } } });
      return;
    }
    const created = await v2.POST('/orders', {
      body: {
        merchant_order_id: `${settings.prefix}-v2`, sales_channel_id: settings.salesChannelId, carrier_preference: null,
        currency: mistake === 'lowercase-currency' ? 'eur' : 'EUR', financial_status: 'paid',
        items: [{ merchant_item_id: `${settings.prefix}-v2-1`, sku_id: settings.skuId, quantity: 1, price_per_unit_in_cents: 1999 }],
        shipping_address: address(),
        total_price_in_cents: 1999, total_tax_in_cents: 319, total_net_revenue_in_cents: 1680, total_net_refunds_in_cents: 0, total_tax_refunds_in_cents: 0,
      },
    });
    if (created.ok) {
      const id = (created.data as { id: number }).id;
      await v2.PATCH('/orders/{id}', { params: { path: { id } }, body: { tags: ['proxied'], payment_method: 'invoice' } });
      await v2.GET('/orders/{id}', { params: { path: { id } } });
      // A read by the merchant's own id: its query parameters are not a list's.
      await v2.GET('/orders/by_merchant_order_id', { params: { query: { merchant_order_id: `${settings.prefix}-v2`, sales_channel_id: settings.salesChannelId } } });
    }
    if (mistake === 'guessed-page') {
      // Guesses a page number instead of following next_page_url.
      await v2.GET('/orders', { params: { query: { limit: 2, page: 2 } as { limit: number } } });
    } else {
      let pages = 0;
      for await (const page of v2.pages('/orders', { params: { query: { limit: 2 } } })) if (++pages === 2 || page === undefined) break;
    }
    const order: Record<string, unknown> = {
      merchant_order_id: `${settings.prefix}-v1`,
      items: [{ merchant_item_id: `${settings.prefix}-v1-1`, sku_id: settings.skuId, quantity: 1 }],
      shipping_address: address(),
      ...(mistake === 'unknown-property' ? { gift_wrap_colour: 'red' } : {}),
    };
    await v1.POST('/orders', { body: order });
    let pages = 0;
    for await (const page of v1.pages('/orders', { params: { query: { limit: 2 } } })) if (++pages === 2 || page === undefined) break;
  } finally {
    await Promise.all([v1.close?.(), v2.close?.()]);
  }
}
