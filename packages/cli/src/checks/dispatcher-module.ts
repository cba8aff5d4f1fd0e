// A run's base dispatcher from a module of the caller's (`RunOptions.dispatcherModule`): the chain of
// every request stays the run's, only what sends it changes. The project's tests reach the reference
// server in the same process this way (test/support/in-process-target.ts). The runner's thread and
// vitest's worker each import the module and make their own dispatcher.
import type { TransportOptions } from '@mfc-conformance/api/client';
import type { RunConfig } from './types.js';

/** An undici dispatcher, as the transport takes one. */
type Dispatcher = NonNullable<TransportOptions['dispatcher']>;

/** What such a module exports: a dispatcher for requests to `baseUrl`. */
export type DispatcherFactory = (baseUrl: string) => Dispatcher;

const factories = ((globalThis as { __mfcDispatcherFactories?: Map<string, DispatcherFactory> }).__mfcDispatcherFactories ??= new Map());

/**
 * Imports `module` (a path or file URL) once per thread and returns its `createDispatcher`. `load` is
 * the import itself, made where the caller's module loader is: vitest's worker transforms the run's
 * test file, not the built toolkit, so a module in TypeScript is imported from there.
 */
export async function loadDispatcherFactory(module: string, load: (module: string) => Promise<unknown> = (name) => import(name)): Promise<DispatcherFactory> {
  const known = factories.get(module);
  if (known) return known;
  const loaded = (await load(module)) as { createDispatcher?: unknown };
  if (typeof loaded.createDispatcher !== 'function') throw new TypeError(`${module} exports no createDispatcher(baseUrl) function`);
  const factory = loaded.createDispatcher as DispatcherFactory;
  factories.set(module, factory);
  return factory;
}

/** The dispatcher a run's client sends through: its module's, once `loadDispatcherFactory` has loaded it in this thread; else undefined (the connection's own). */
export function runDispatcher(run: Pick<RunConfig, 'dispatcherModule' | 'profile'>): Dispatcher | undefined {
  if (run.dispatcherModule === undefined) return undefined;
  const factory = factories.get(run.dispatcherModule);
  if (factory === undefined) throw new Error(`the dispatcher module ${run.dispatcherModule} was not loaded in this thread`);
  return factory(run.profile.baseUrl);
}
