// The sender's own thread (thread-host.ts starts it): every dispatcher of this process delivers from
// here, so an answer limit, a retry wait and a strict give-up are kept to the time they name, not to
// when a thread busy serving the API gets round to them. Requests cross as data (sender-messages.ts).
import { setMaxListeners } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { deliverPlan, type SenderSettings } from './deliveries.js';
import type { ToHost, ToSender } from './sender-messages.js';

const senders = new Map<number, { settings: SenderSettings; controller: AbortController; running: Set<Promise<void>> }>();
const port = parentPort!;
const tell = (message: ToHost): void => port.postMessage(message);

port.on('message', (message: ToSender) => {
  switch (message.kind) {
    case 'open': {
      const controller = new AbortController();
      // Every delivery in flight and every retry wait listens on this one signal; dozens at once are normal.
      setMaxListeners(0, controller.signal);
      senders.set(message.sender, { settings: message.settings, controller, running: new Set() });
      return;
    }
    case 'deliver': {
      const sender = senders.get(message.sender);
      if (sender === undefined || sender.controller.signal.aborted) return tell({ kind: 'done', sender: message.sender, task: message.task });
      // A failed delivery is the receiver's problem, never the server's: nothing may escape.
      const task = deliverPlan(message.plan, sender.settings, sender.controller.signal, (url, outcome) => tell({ kind: 'attempt', sender: message.sender, url, outcome }))
        .catch(() => undefined)
        .finally(() => {
          sender.running.delete(task);
          tell({ kind: 'done', sender: message.sender, task: message.task });
        });
      sender.running.add(task);
      return;
    }
    case 'close': {
      const sender = senders.get(message.sender);
      sender?.controller.abort();
      void Promise.all([...(sender?.running ?? [])]).then(() => {
        senders.delete(message.sender);
        tell({ kind: 'closed', sender: message.sender });
      });
      return;
    }
  }
});
// Loaded and listening: the host's dispatchers may count on calls going out at once.
tell({ kind: 'ready' });
