// The technician's settings as the running app holds them: loaded at start, changed by the settings screen
// and the tray's pause, saved on each change (a failed save is logged; the change still applies to this
// run), and announced to the listener (the core re-sends them, updates the tray, re-evaluates notices).

import type { InvokeRequest, Settings } from '../../shared/ipc/contract.js';
import type { Clock } from './clock.js';
import { isoAt } from './clock.js';
import type { Logger } from './logger.js';
import { DEFAULT_SETTINGS, SettingsStore } from './settings-store.js';

export class AppSettings {
  readonly #store: SettingsStore;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #onChange: (settings: Settings) => void;
  #current: Settings = { ...DEFAULT_SETTINGS };
  /**
   * The writes, one after another: two changes in quick succession (the theme, then the language) made
   * two atomic writes under way at once, which could rename in either order, the older last, and the
   * next start showed the older settings.
   */
  #saving: Promise<void> = Promise.resolve();

  constructor(options: {
    dataDir: string;
    clock: Clock;
    logger: Logger;
    onChange: (settings: Settings) => void;
  }) {
    this.#store = new SettingsStore(options.dataDir, options.logger);
    this.#clock = options.clock;
    this.#log = options.logger;
    this.#onChange = options.onChange;
  }

  get current(): Settings {
    return { ...this.#current };
  }

  async load(): Promise<Settings> {
    this.#current = await this.#store.load();
    return this.current;
  }

  update(p: InvokeRequest<'settings:update'>): Promise<Settings> {
    const next = { ...this.#current };
    if (p.reminderLeadMinutes !== undefined) next.reminderLeadMinutes = p.reminderLeadMinutes;
    if (p.notificationsEnabled !== undefined) next.notificationsEnabled = p.notificationsEnabled;
    if (p.theme !== undefined) next.theme = p.theme;
    if (p.language !== undefined) next.language = p.language;
    if (p.displayZone !== undefined) next.displayZone = p.displayZone;
    if (p.historyRetentionDays !== undefined) next.historyRetentionDays = p.historyRetentionDays;
    return this.#set(next);
  }

  /** Pauses notices for `minutes` from now; 0 resumes them. */
  pause(minutes: number): Promise<Settings> {
    const until = minutes === 0 ? null : isoAt(this.#clock.now() + minutes * 60_000);
    return this.#set({ ...this.#current, notificationsPausedUntil: until });
  }

  async #set(next: Settings): Promise<Settings> {
    this.#current = next;
    const write = this.#saving.then(() => this.#store.save(next));
    this.#saving = write.catch(() => undefined);
    try {
      await write;
    } catch (error) {
      this.#log.warn('settings not saved', { error });
    }
    this.#onChange(this.current);
    return this.current;
  }
}
