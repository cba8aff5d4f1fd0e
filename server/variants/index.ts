import { variants as bodies } from './bodies.js';
import { variants as cancel } from './cancel.js';
import { variants as errors } from './errors.js';
import { variants as seed } from './seed.js';
import { variants as statuses } from './statuses.js';
import { variants as time } from './time.js';
import { variants as traffic } from './traffic.js';
import type { VariantDefinition } from './types.js';
import { variants as v2Lists } from './v2-lists.js';
import { variants as webhooks } from './webhooks.js';

export type { VariantDefinition } from './types.js';

/** Every legal alternative `mfc serve --variant` can switch on, one file per area. */
export const variants: readonly VariantDefinition[] = [
  ...time, ...bodies, ...cancel, ...v2Lists, ...statuses, ...errors, ...traffic, ...seed, ...webhooks,
];

/**
 * `--variant all`: the largest compatible combination. Variants of one group are alternatives to each
 * other; the last one of each group is taken (v2-batch-settings-put-201-on-create, v2-errors-mixed).
 */
export const combinedVariants: readonly string[] = variants
  .filter((v, i) => v.group === undefined || !variants.slice(i + 1).some((later) => later.group === v.group))
  .map((v) => v.name);

/** The names among `names` that are not variants; empty when all are known. */
export function unknownVariants(names: readonly string[]): string[] {
  const known = new Set(variants.map((v) => v.name));
  return names.filter((name) => !known.has(name));
}

/** The pairs among `names` that are alternatives to each other (same group); empty when compatible. */
export function conflictingVariants(names: readonly string[]): string[][] {
  const byGroup = new Map<string, string[]>();
  for (const v of variants) {
    if (v.group === undefined || !names.includes(v.name)) continue;
    byGroup.set(v.group, [...(byGroup.get(v.group) ?? []), v.name]);
  }
  return [...byGroup.values()].filter((group) => group.length > 1);
}
