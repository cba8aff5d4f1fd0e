/** One waiver of a waiver file: the check (an id or a glob over ids), why, and until when. */
export interface Waiver {
  /** A check id (`v1.orders.create.duplicate-409`) or a glob over ids (`*` any run of characters, `?` one). */
  check: string;
  /** Why the failure is accepted for now: a ticket, a sentence. */
  reason: string;
  /** The last day (`YYYY-MM-DD`, UTC) the waiver holds; from the next day on it is expired. */
  expires?: string;
}

/** A waiver file as written on disk (`mfc baseline` writes one; teams edit it by hand). */
export interface WaiverFile {
  waivers: Waiver[];
}

/** One check of a previous `report.json`, as much of it as a baseline reads (docs/REPORTS.md). */
export interface BaselineReportCheck {
  id: string;
  status: 'passed' | 'failed' | 'skipped';
  title?: string;
  section?: string;
}

/**
 * A loaded baseline, whichever file it came from: a previous report's failures become waivers
 * of their exact ids without an expiry, so one comparison serves both kinds.
 */
export interface Baseline {
  /** The file it was read from, as given. */
  path: string;
  kind: 'report' | 'waivers';
  waivers: Waiver[];
}

/** A failing check the baseline covers with a waiver in force (or a failure of the baseline report). */
export interface KnownFailure {
  check: string;
  waiver: Waiver;
}

/** A failing check only expired waivers cover: it fails the run. */
export interface ExpiredFailure {
  check: string;
  waiver: Waiver;
}

/** A waiver whose checks ran and all passed (none failed). */
export interface PassingWaiver {
  waiver: Waiver;
  /** The passing checks it matched. */
  checks: string[];
}

/** How a run's results compare with a baseline; `failsRun` decides the exit code. */
export interface BaselineComparison {
  /** Failed now, covered by a waiver in force: reported, does not fail the run. */
  known: KnownFailure[];
  /** Failed now, not in the baseline (run-level failures `run.*` always): fail the run. */
  new: string[];
  /** Failed now, covered only by expired waivers: fail the run. */
  expired: ExpiredFailure[];
  /** Waivers in force whose checks all pass now: "remove it from the baseline"; do not fail the run. */
  fixed: PassingWaiver[];
  /** Expired waivers whose checks all pass now: a note only. */
  expiredPassing: PassingWaiver[];
  /** Waivers that matched no check this run executed (not selected, skipped, or an id that no longer exists). */
  unused: Waiver[];
  failsRun: boolean;
}
