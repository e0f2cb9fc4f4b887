// The core's events to its hosts' renderers (auth, sync, settings, data changes). A sink that throws is
// logged and skipped: one broken window must not stop the others, nor the core.

import type { EventSink, MainEvents } from '../../shared/ipc/contract.js';
import type { Logger } from './logger.js';

export class EventHub {
  readonly #sinks = new Set<EventSink>();
  readonly #log: Logger;

  constructor(logger: Logger) {
    this.#log = logger;
  }

  subscribe(sink: EventSink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  emit<E extends keyof MainEvents>(event: E, payload: MainEvents[E]): void {
    for (const sink of this.#sinks) {
      try {
        sink(event, payload);
      } catch (error) {
        this.#log.warn('event sink failed', { event, error });
      }
    }
  }

  clear(): void {
    this.#sinks.clear();
  }
}
