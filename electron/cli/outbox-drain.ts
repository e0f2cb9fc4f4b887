// Waiting for the outbox: a command ends only once what it recorded (and what an earlier command left,
// killed halfway) has been answered by the service, or the service is away. The outbox itself sends, in
// order, each write once, and after a restart checks a write that was on its way rather than sending it
// blindly again (electron/core/outbox); this only watches it.

import type { OutboxState } from '../../shared/outbox.js';
import type { CliText } from './cli-text.js';
import type { OpenAccount } from './open-account.js';

/** Writes still to be answered: queued or on their way (a conflict waits for a person, not the service). */
export function unanswered(state: OutboxState): number {
  return state.pending - state.conflicts.length;
}

export interface DrainOptions {
  /** Called with each state seen (progress); at most every `everyMs`. */
  onState?: (state: OutboxState) => void;
  everyMs?: number;
}

/** Resolves with the outbox's state once nothing is left to send, or it waits for the service. */
export async function drainOutbox(account: OpenAccount, options: DrainOptions = {}): Promise<OutboxState> {
  const every = options.everyMs ?? 100;
  for (;;) {
    const state = await account.invoke('outbox:state', {});
    options.onState?.(state);
    if (unanswered(state) === 0 || state.waiting !== null) return state;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** "12 of 40 changes answered" on a terminal (one line, rewritten); nothing when stderr is piped. */
export function progressLine(
  stream: { write(text: string): void; isTTY?: boolean },
  text: CliText,
): {
  show: (state: OutboxState) => void;
  end: () => void;
} {
  let shown = false;
  return {
    show(state) {
      // Nothing left to send: nothing to show (a read that found the outbox empty stays silent).
      if (!stream.isTTY || unanswered(state) === 0) return;
      const batch = state.batches.find((b) => b.state === 'running' || b.state === 'paused');
      // Not the batch's label: the core names it in English, for its journal.
      const line = batch
        ? text.say('cli.progress.batch', {
            answered: batch.done + batch.failed + batch.cancelled,
            total: batch.total,
          })
        : text.say('cli.progress.pending', { n: unanswered(state) });
      stream.write(`\r\u001b[2K${line}`);
      shown = true;
    },
    end() {
      if (shown) stream.write('\r\u001b[2K');
      shown = false;
    },
  };
}
