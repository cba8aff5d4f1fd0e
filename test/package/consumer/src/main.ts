// Runs the integration against the target the environment names and prints its outcome as JSON.
import { integrate } from './integration.js';

const outcome = await integrate({
  baseUrl: process.env.MFC_BASE_URL ?? '',
  token: process.env.MFC_TOKEN ?? '',
  signingToken: process.env.MFC_SIGNING_TOKEN ?? '',
  warehouseId: Number(process.env.MFC_WAREHOUSE_ID),
  skuId: Number(process.env.MFC_SKU_ID),
  webhookPort: Number(process.env.MFC_WEBHOOK_PORT),
});
process.stdout.write(`${JSON.stringify(outcome)}\n`);
