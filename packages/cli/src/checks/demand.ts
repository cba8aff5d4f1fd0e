import type { Demand } from './scheduler.js';
import type { CheckMeta, RunConfig } from './types.js';
import { windowName, type WindowName } from './windows.js';

// A check the plan has no measurement of (a new check, a test fixture) is taken to send a few
// requests in its version's primary window.
const UNMEASURED_REQUESTS = 3;

// Profile fixtures that checks change and other checks read: checks needing one take it in turn, in
// declaration order (the v2 batch-settings checks observe the batch SKU before later ones write to it).
const SHARED_FIXTURES = ['fixtures.batchSku'];

/** The windows a check spends, as the run's plan estimates them (requests per window). */
export function plannedWindows(meta: Pick<CheckMeta, 'id' | 'api'>, run: Pick<RunConfig, 'costs'>): Map<WindowName, number> {
  const measured = run.costs?.[meta.id];
  if (measured === undefined) return new Map([[windowName(meta.api, 'primary'), UNMEASURED_REQUESTS]]);
  return new Map(Object.entries(measured).filter(([, requests]) => requests > 0));
}

/** What a check asks of the scheduler: its planned windows, and what it needs to itself. */
export function demandOf(meta: CheckMeta, order: number, run: Pick<RunConfig, 'costs'>): Demand {
  const resources = [...(meta.locks ?? []), ...(meta.needs ?? []).filter((key) => SHARED_FIXTURES.includes(key))];
  return {
    id: meta.id,
    api: meta.api,
    order,
    windows: plannedWindows(meta, run),
    ...(meta.exclusive === undefined ? {} : { exclusive: meta.exclusive }),
    ...(resources.length === 0 ? {} : { resources }),
  };
}
