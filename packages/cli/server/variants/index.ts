import type { Literal, Switches } from '../switches.js';
import { variants as bodies } from './bodies.js';
import { variants as cancel } from './cancel.js';
import { variants as connections } from './connections.js';
import { variants as errors } from './errors.js';
import { variants as lists } from './lists.js';
import { variants as seed } from './seed.js';
import { variants as statuses } from './statuses.js';
import { variants as time } from './time.js';
import { variants as traffic } from './traffic.js';
import type { VariantDefinition } from './types.js';
import { variants as v2Lists } from './v2-lists.js';
import { variants as webhooks } from './webhooks.js';

export type { VariantDefinition } from './types.js';

// Each area declares its variants `as const satisfies readonly VariantDefinition[]`, so the names stay literals.
const all = [
  ...time, ...bodies, ...cancel, ...lists, ...v2Lists, ...statuses, ...errors, ...traffic, ...connections, ...seed, ...webhooks,
] satisfies readonly VariantDefinition[];

/** The name of every variant `mfc serve --variant` can switch on, as a union of literals. */
export type VariantName = Literal<(typeof all)[number]['name']>;

/** The variants switched on for one server; `has` takes only a `VariantName`. */
export type Variants = Switches<VariantName>;

/** Every legal alternative `mfc serve --variant` can switch on, one file per area. */
export const variants: readonly VariantDefinition<VariantName>[] = all;

/**
 * `--variant all`: the largest compatible combination. Variants of one group are alternatives to each
 * other; the last one of each group is taken (v2-batch-settings-put-201-on-create, v2-errors-mixed).
 */
export const combinedVariants: readonly VariantName[] = variants
  .filter((v, i) => v.group === undefined || !variants.slice(i + 1).some((later) => later.group === v.group))
  .map((v) => v.name);

const known: ReadonlySet<string> = new Set(variants.map((v) => v.name));

/** Whether `name` (from the command line) is a variant. */
export function isVariantName(name: string): name is VariantName {
  return known.has(name);
}

/** The names among `names` that are not variants; empty when all are known. */
export function unknownVariants(names: readonly string[]): string[] {
  return names.filter((name) => !isVariantName(name));
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
