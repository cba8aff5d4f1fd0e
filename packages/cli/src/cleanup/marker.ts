// A run's marker is `mfc-<runid>` (src/runner/run.ts); the run's ids are `<marker>-<kind>-<n>`.

const markerShape = /^mfc-[A-Za-z0-9]+$/;

/**
 * Why `marker` cannot name a run's records, or undefined when it can. Only a whole `mfc-<runid>` is
 * accepted: a shorter prefix (`mfc-`, `m`) would match other runs' records, or every record.
 */
export function markerProblem(marker: string): string | undefined {
  if (markerShape.test(marker)) return undefined;
  return `--marker expected a run marker like mfc-lq3x9k2a1b2c (letters and digits after "mfc-"), received "${marker}"`;
}

/**
 * Whether `value` carries `marker`: the marker itself (supplier_name) or an id made from it
 * (`<marker>-order-1`). The "-" boundary keeps mfc-abc from matching mfc-abcd's records.
 */
export function carriesMarker(value: unknown, marker: string): value is string {
  return typeof value === 'string' && (value === marker || value.startsWith(`${marker}-`));
}
