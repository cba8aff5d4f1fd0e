import { BroadcastChannel } from 'node:worker_threads';
import type { TrafficMinute } from '../http/index.js';
import type { CreatedRecord } from './types.js';

/**
 * What the runner (main thread) and the checks (vitest's worker thread) tell each other during a
 * run, beside vitest's own results: checks starting and waits for the rate limit, for progress; the
 * requests of the run's end (removing shared premises); the rate-limit
 * bound stopping the run; each record created, as it is created (a check cut short still lists
 * it); and the runner halting the checks' requests (Ctrl-C, a stop).
 */
export type RunMessage =
  | { kind: 'wait'; waitMs: number; reason: string }
  | { kind: 'give-up'; reason: string }
  | { kind: 'halt'; reason: string }
  | { kind: 'created'; record: CreatedRecord }
  | { kind: 'started'; id: string }
  | { kind: 'finished'; requests: number; traffic: TrafficMinute[] };

/** One end of a run's channel; both ends name it by the run's marker. */
export interface RunChannel {
  post(message: RunMessage): void;
  close(): void;
}

/** Opens the channel of run `marker` (any thread of the process); `onMessage` hears the other ends. */
export function openRunChannel(marker: string, onMessage: (message: RunMessage) => void = () => undefined): RunChannel {
  const channel = new BroadcastChannel(`mfc-run-${marker}`);
  channel.onmessage = (event) => onMessage((event as { data: RunMessage }).data);
  // The channel must not keep a finished run's process alive.
  channel.unref();
  return {
    post: (message) => channel.postMessage(message),
    close: () => channel.close(),
  };
}
