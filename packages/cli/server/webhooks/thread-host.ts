// Starts the sender's thread (thread.ts) once per thread of the server and relays its messages to the
// dispatcher each concerns. From the TypeScript sources (a checkout's tests) the thread registers tsx
// first, as bin/mfc.mjs does; built, it runs the compiled module.
import { Worker } from 'node:worker_threads';
import type { ToHost, ToSender } from './sender-messages.js';

/** The part of the sender's thread one dispatcher uses. */
export interface SenderThread {
  /**
   * Resolves once the thread has loaded and listens: a server that waits for it before it answers
   * makes its first calls at once, not after the seconds a busy machine may take to start a thread.
   */
  ready: Promise<void>;
  /** A new sender id; `onMessage` hears what the thread tells about it. */
  open(onMessage: (message: ToHost) => void): number;
  post(message: ToSender): void;
  /** Stops hearing about `sender` (after it closed). */
  forget(sender: number): void;
}

let started: SenderThread | undefined;

function startThread(): SenderThread {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(`./thread.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  const worker = fromSources
    ? new Worker(`import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`, { eval: true })
    : new Worker(new URL(entry));
  const listeners = new Map<number, (message: ToHost) => void>();
  let loaded!: () => void;
  const ready = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  worker.on('message', (message: ToHost) => (message.kind === 'ready' ? loaded() : listeners.get(message.sender)?.(message)));
  worker.on('error', (error) => {
    process.stderr.write(`mfc serve: the webhook sender stopped: ${error.stack ?? String(error)}\n`);
    // Nothing will be sent: a server waiting for the thread goes on without it.
    loaded();
  });
  // The thread keeps the process alive while a dispatcher is open (until its close is answered), never
  // beyond. Taken off after the listeners, which would hold it again.
  worker.unref();
  let next = 0;
  return {
    ready,
    open(onMessage) {
      const sender = (next += 1);
      if (listeners.size === 0) worker.ref();
      listeners.set(sender, onMessage);
      return sender;
    },
    post: (message) => worker.postMessage(message),
    forget: (sender) => {
      listeners.delete(sender);
      if (listeners.size === 0) worker.unref();
    },
  };
}

/** The sender's thread of this thread, started on first use. */
export function senderThread(): SenderThread {
  started ??= startThread();
  return started;
}
