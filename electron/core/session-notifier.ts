// Session notices of the signed-in account: evaluates the sessions after each sessions poll, on its own
// reminder timer and when the settings change; remembers per account what was already announced (on disk,
// so a restart does not announce it again) and hands each batched notice to the host.

import type { SessionNotice, Settings } from '../../shared/ipc/contract.js';
import type { Clock, TimerHandle } from './clock.js';
import type { Logger } from './logger.js';
import { NotifiedStore } from './notified-store.js';
import type { Picture } from './picture.js';
import type { SchedulerMemory } from './session-scheduler.js';
import { emptyMemory, evaluateSessions } from './session-scheduler.js';

export interface SessionNotifierOptions {
  dataDir: string;
  picture: Picture;
  clock: Clock;
  logger: Logger;
  /** Shows a batched notice (native notification, in-page notice). */
  notify: (notice: SessionNotice) => void;
  /** The technician's settings as they are now (lead time, paused, disabled). */
  settings: { readonly current: Settings };
}

export class SessionNotifier {
  readonly #o: SessionNotifierOptions;
  readonly #store: NotifiedStore;
  #account: string | null = null;
  #memory: SchedulerMemory = emptyMemory();
  #timer: TimerHandle | null = null;
  #saving: Promise<void> = Promise.resolve();
  #disposed = false;

  constructor(options: SessionNotifierOptions) {
    this.#o = options;
    this.#store = new NotifiedStore(options.dataDir);
  }

  /** Starts announcing for this account (`accountKey` of offline-cache), with what it already announced. */
  async open(account: string): Promise<void> {
    this.#account = account;
    this.#memory = await this.#store.load(account);
  }

  /** Looks at the sessions now: announces what is due, saves what it announced, sets the next wake-up. */
  evaluate(): void {
    const account = this.#account;
    if (account === null || this.#o.picture.fetchedAt.sessions === null || this.#disposed) return;
    const now = this.#o.clock.now();
    const result = evaluateSessions(
      this.#o.picture.list('sessions'),
      this.#memory,
      this.#o.settings.current,
      now,
    );
    this.#memory = result.memory;
    if (result.dirty) {
      // Chained and awaited by close() and dispose(): a restart right after a notice must find it
      // remembered. A failed save is logged; at worst the notice shows once more after a restart.
      const memory = result.memory;
      this.#saving = this.#saving
        .then(() => this.#store.save(account, memory))
        .catch((error) => this.#o.logger.warn('notified sessions not saved', { error }));
    }
    for (const notice of result.notices) {
      try {
        this.#o.notify(notice);
      } catch (error) {
        this.#o.logger.warn('notice not shown', { error });
      }
    }
    this.#clearTimer();
    if (result.nextWakeAt !== null) {
      this.#timer = this.#o.clock.setTimeout(
        () => {
          this.#timer = null;
          this.evaluate();
        },
        Math.max(0, result.nextWakeAt - now),
      );
    }
  }

  /** Stops announcing for the account; `forget` also removes what it remembered. */
  async close({ forget }: { forget: boolean }): Promise<void> {
    this.#clearTimer();
    this.#account = null;
    // A save still under way would write the memory back after the clear.
    await this.#saving;
    if (forget) await this.discard();
    this.#memory = emptyMemory();
  }

  /** Removes what was remembered (the account's sign-in is gone). */
  async discard(): Promise<void> {
    try {
      await this.#store.clear();
    } catch (error) {
      // Nothing is lost: the file holds only which sessions were announced, and belongs to no account now.
      this.#o.logger.warn('notified sessions not removed', { error });
    }
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#clearTimer();
    await this.#saving;
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
