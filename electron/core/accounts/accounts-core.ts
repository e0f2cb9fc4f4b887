// Several accounts in one console (issue 28). Design: one account's core (app-core.ts) stays as it is, a
// black box with its own data directory, and this layer holds one core per account around it. Why not
// one core with several accounts inside: everything in a core (picture, engine, cache, history, outbox,
// saved views) is already one account's and keyed on disk by it; a core per account keeps every one of
// them unchanged and tested, gives each account its own keychain entry, copy, history, views, watches and
// outbox for free, and lets the data path inside a core change without this layer noticing.
//
// What this layer does:
// - Routes every request of the contract to the account on screen, and forwards only that account's
//   events; the others keep syncing in the background, reported as an unfocused window (their engines
//   then poll at that slower pace: an account not on screen polls less often; see #activityOf).
// - A switch sends the other account's picture at once from its core's memory (auth, settings, sync,
//   outbox and a reset of every dataset, the devices beyond the first part following through its pump),
//   so the screen changes with no wait for the network.
// - Notices of every account go out, naming the account when there are several; a click on one opens its
//   account first (StatusTarget.account).
// - One tray for all: the tray state of the account on screen plus every account's counts and watched
//   devices that are down (TrayState.accounts).
// - The accounts:* channels (add, switch, rename, remove, list) and the accounts:state event.

import type {
  AccountsState,
  AppSnapshot,
  AuthState,
  EventChannel,
  EventSink,
  InvokeHandlers,
  InvokeRequest,
  MainEvents,
  SyncState,
} from '../../../shared/ipc/contract.js';
import { snapshotToChanges } from '../../../shared/ipc/snapshot.js';
import { INVOKE_CHANNELS } from '../../../shared/ipc/schemas.js';
import { AppFailure } from '../../../shared/errors.js';
import type { Id } from '../../../shared/model.js';
import type { SinceRow, StatusNotice, StatusTarget } from '../../../shared/status-history.js';
import type { CoreState, TrayState, WindowActivity } from '../../core-port.js';
import type { AccountCore, AppCore } from '../app-core.js';
import { createAppCore } from '../app-core.js';
import { noSinceRows } from '../since-stream.js';
import type { AppCoreOptions } from '../app-core-options.js';
import { EventHub } from '../event-hub.js';
import { createLogger, type Logger } from '../logger.js';
import { prepareOwnDirs } from '../store/data-dirs.js';
import type { RegisteredAccount } from './account-registry.js';
import { AccountRegistry } from './account-registry.js';
import { searchAccounts, setQuietHoursEverywhere, sharedSettings } from './across-accounts.js';
import { viewMatches } from './view-across-accounts.js';
import { aboutAccount, mergedTray, named, signedInElsewhere, summary, type Held } from './held-account.js';

export interface AccountsCoreOptions extends AppCoreOptions {
  /** The root data directory: the list of accounts, and the directories of all of them. */
  dataDir: string;
  /**
   * The name the first account gets (a console from before several accounts, or a first start); default
   * none: it is called by its service's address until the technician names it.
   */
  firstAccountName?: string;
  /** Tests swap the core of one account; default createAppCore. */
  createCore?: (options: AppCoreOptions) => AccountCore;
}

export function createAccountsCore(options: AccountsCoreOptions): AccountsCore {
  return new AccountsCore(options);
}

export class AccountsCore implements AppCore {
  readonly handlers: InvokeHandlers;
  readonly #o: AccountsCoreOptions;
  readonly #registry: AccountRegistry;
  readonly #events: EventHub;
  readonly #log: Logger;
  readonly #held: Held[] = [];
  readonly #trayListeners = new Set<(state: TrayState) => void>();
  #active: Held | null = null;
  #window = { visible: true, focused: false };
  #lastState = '';
  #disposed = false;

  constructor(options: AccountsCoreOptions) {
    this.#o = options;
    const logger = (this.#log = options.logger ?? createLogger());
    this.#events = new EventHub(logger);
    this.#registry = new AccountRegistry(options.dataDir, logger);
    this.handlers = this.#makeHandlers();
  }

  /** The accounts, the one on screen, and each one's health. */
  accounts(): AccountsState {
    return {
      active: this.#active?.entry.id ?? '',
      accounts: this.#held.map((h) => summary(h, h.core.trayState())),
    };
  }

  /** The core of one account (the command line's --account, tests). */
  coreOf(id: string): AppCore | null {
    return this.#find(id)?.core ?? null;
  }

  subscribe(sink: EventSink): () => void {
    return this.#events.subscribe(sink);
  }

  snapshot(): Promise<AppSnapshot> {
    return this.#on().core.snapshot();
  }

  rendererSnapshot(): Promise<AppSnapshot> {
    return this.#on().core.rendererSnapshot();
  }

  sinceOf(id: Id): SinceRow | undefined {
    return this.#on().core.sinceOf(id);
  }

  historyReady(): Promise<void> {
    return this.#on().core.historyReady();
  }

  state(): CoreState {
    return this.#on().core.state();
  }

  trayState(): TrayState {
    const state = this.#on().core.trayState();
    return this.#held.length < 2 ? state : mergedTray(state, this.#held, this.#on());
  }

  onTrayStateChange(listener: (state: TrayState) => void): () => void {
    this.#trayListeners.add(listener);
    return () => this.#trayListeners.delete(listener);
  }

  setSuspended(suspended: boolean): void {
    for (const h of this.#held) h.core.setSuspended(suspended);
  }

  async refreshAll(): Promise<void> {
    await Promise.all(this.#held.map((h) => h.core.refreshAll()));
  }

  setWindowActivity(activity: { visible: boolean; focused: boolean }): void {
    this.#window = activity;
    for (const h of this.#held) h.core.setWindowActivity(this.#activityOf(h));
  }

  /**
   * The account on screen polls as the window does; the others as an unfocused window (devices every
   * minute rather than every 30 s, so an outage is still told within a minute) and, with the window
   * hidden, as a hidden one.
   */
  #activityOf(h: Held): WindowActivity {
    return h === this.#active ? this.#window : { visible: this.#window.visible, focused: false };
  }

  focusSession(id: Id, account?: string): void {
    const held = account ? this.#find(account) : this.#active;
    if (!held) return;
    if (held === this.#active) held.core.focusSession(id);
    else void this.#switchTo(held).then(() => held.core.focusSession(id));
  }

  openTarget(target: StatusTarget): void {
    const held = target.account ? this.#find(target.account) : this.#active;
    if (!held) return;
    if (held !== this.#active) void this.#switchTo(held, target);
    else held.core.openTarget({ kind: target.kind, id: target.id });
  }

  async start(): Promise<void> {
    const registry = await this.#registry.load(this.#o.firstAccountName ?? '');
    for (const entry of registry.accounts) this.#hold(entry);
    this.#active = this.#find(registry.active) ?? this.#held[0]!;
    for (const h of this.#held) h.core.setWindowActivity(this.#activityOf(h));
    // The account on screen first: its copy is what the window waits for.
    await this.#startCore(this.#active);
    await Promise.all(this.#others().map((h) => this.#startCore(h)));
    this.#stateChanged();
  }

  opened(): Promise<void> {
    return this.#on().core.opened();
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const h of this.#held.splice(0)) {
      for (const off of h.off) off();
      await h.core.dispose();
    }
    this.#events.clear();
    this.#trayListeners.clear();
  }

  // ---- the accounts:* channels ----

  async add(name: string): Promise<AccountsState> {
    const entry = await this.#registry.create(name.trim());
    const held = this.#hold(entry);
    held.core.setWindowActivity(this.#activityOf(held));
    await this.#startCore(held);
    await this.#save();
    await this.#switchTo(held);
    return this.accounts();
  }

  async switchTo(id: string, open?: StatusTarget): Promise<AccountsState> {
    await this.#switchTo(this.#must(id), open);
    return this.accounts();
  }

  async rename(id: string, name: string): Promise<AccountsState> {
    this.#must(id).entry.name = name.trim();
    await this.#save();
    this.#stateChanged();
    return this.accounts();
  }

  /** Signs the account out (its keychain entry, record and copy go) and removes its directory. */
  async remove(id: string): Promise<AccountsState> {
    const held = this.#must(id);
    if (this.#held.length === 1) {
      throw new AppFailure({
        kind: 'validation',
        key: 'error.app.lastAccount',
        message: 'This is the only account: sign out of it instead.',
      });
    }
    if (held === this.#active) await this.#switchTo(this.#held.find((h) => h !== held)!);
    await held.core.handlers['auth:sign-out']({});
    for (const off of held.off) off();
    this.#held.splice(this.#held.indexOf(held), 1);
    await held.core.dispose();
    await this.#save();
    await this.#registry.removeFiles(held.entry);
    this.#stateChanged();
    return this.accounts();
  }

  // ---- inside ----

  #hold(entry: RegisteredAccount): Held {
    const dataDir = this.#registry.directory(entry);
    const held: Held = { entry, core: null as unknown as AccountCore, auth: null, sync: null, off: [] };
    const create = this.#o.createCore ?? createAppCore;
    held.core = create({
      ...this.#o,
      dataDir,
      signInTakenBy: (baseUrl, userId) => signedInElsewhere(this.#held, held, baseUrl, userId),
      notify: (notice) => this.#o.notify(named(this.#held, held, notice)),
      notifyStatus: (notice) => this.#o.notifyStatus?.(aboutAccount(this.#held, held, notice)),
    });
    held.off.push(
      held.core.subscribe((event, payload) => this.#fromCore(held, event, payload)),
      held.core.onTrayStateChange(() => this.#stateChanged()),
    );
    this.#held.push(held);
    return held;
  }

  async #startCore(held: Held): Promise<void> {
    // The root's directory is prepared by the host; an account's own one here (temp files of a crash).
    if (held.entry.dir !== '') await prepareOwnDirs(this.#registry.directory(held.entry));
    await held.core.start();
  }

  /** An account's event: the one on screen is forwarded; of the others, only their notices are. */
  #fromCore<E extends EventChannel>(held: Held, event: E, payload: MainEvents[E]): void {
    if (event === 'auth:state') held.auth = payload as AuthState;
    if (event === 'sync:state') {
      const { connection, offlineSince } = payload as SyncState;
      held.sync = { connection, offlineSince };
    }
    if (event === 'notify:status') {
      this.#events.emit('notify:status', aboutAccount(this.#held, held, payload as StatusNotice));
    } else if (held === this.#active) {
      this.#events.emit(event, payload);
    }
    if (event === 'auth:state' || event === 'sync:state') this.#stateChanged();
  }

  async #switchTo(held: Held, open?: StatusTarget): Promise<void> {
    if (held !== this.#active) {
      const previous = this.#active;
      this.#active = held;
      if (previous) {
        previous.core.setWindowActivity(this.#activityOf(previous));
        previous.core.offScreen();
      }
      held.core.setWindowActivity(this.#window);
      // From the core's memory and its devices' owner, nothing waits for its service. An event of the
      // account forwarded meanwhile is in the snapshot too (the owner lists after what it answered
      // before), and its later deltas apply on top.
      const snap = await held.core.rendererSnapshot();
      if (this.#active !== held) return; // switched on again meanwhile: that switch shows its account
      this.#stateChanged();
      this.#events.emit('auth:state', snap.auth);
      this.#events.emit('settings:state', snap.settings);
      this.#events.emit('sync:state', snap.sync);
      // The rows of the account left go at once (the ids of another account's devices may be the same);
      // this one's whole map follows its snapshot (since-stream.ts).
      this.#events.emit('data:change', noSinceRows());
      for (const change of snapshotToChanges(snap)) this.#events.emit('data:change', change);
      // Which account was on screen last is a convenience for the next start: not worth failing the switch.
      await this.#save().catch((error: unknown) => this.#log.warn('account list not saved', { error }));
      const outbox = await held.core.handlers['outbox:state']({});
      if (this.#active === held) this.#events.emit('outbox:state', outbox);
    }
    if (open) held.core.openTarget({ kind: open.kind, id: open.id });
  }

  #must(id: string): Held {
    const held = this.#find(id);
    if (!held) {
      throw new AppFailure({
        kind: 'validation',
        key: 'error.app.accountUnknown',
        message: 'That account is no longer in this console.',
      });
    }
    return held;
  }

  #find(id: string): Held | undefined {
    return this.#held.find((h) => h.entry.id === id);
  }

  /** The accounts not on screen. */
  #others(): Held[] {
    return this.#held.filter((h) => h !== this.#active);
  }

  #on(): Held {
    if (!this.#active) throw new Error('the accounts are not started');
    return this.#active;
  }

  async #save(): Promise<void> {
    await this.#registry.save({
      accounts: this.#held.map((h) => h.entry),
      active: this.#active?.entry.id ?? this.#held[0]!.entry.id,
    });
  }

  /** accounts:state to the renderer and the merged state to the tray, when either changed. */
  #stateChanged(): void {
    if (!this.#active || this.#disposed) return;
    const state = this.accounts();
    const text = JSON.stringify(state);
    if (text !== this.#lastState) {
      this.#lastState = text;
      this.#events.emit('accounts:state', state);
    }
    if (this.#trayListeners.size === 0) return;
    const tray = this.trayState();
    for (const listener of this.#trayListeners) listener(tray);
  }

  #makeHandlers(): InvokeHandlers {
    const routed = {} as Record<string, (payload: unknown) => Promise<unknown>>;
    for (const channel of INVOKE_CHANNELS) {
      routed[channel] = (payload) =>
        (this.#on().core.handlers[channel] as (p: unknown) => Promise<unknown>)(payload);
    }
    const handlers = routed as unknown as InvokeHandlers;
    return {
      ...handlers,
      'accounts:list': async () => this.accounts(),
      'accounts:add': ({ name }) => this.add(name),
      'accounts:switch': ({ id, open }) => this.switchTo(id, open),
      'accounts:rename': ({ id, name }) => this.rename(id, name),
      'accounts:remove': ({ id }) => this.remove(id),
      'accounts:search': async ({ query }) => searchAccounts(this.#others(), query),
      'accounts:view-matches': (request) => viewMatches(this.#others(), request),
      'accounts:quiet-hours': ({ quietHours }) => setQuietHoursEverywhere(this.#held, quietHours),
      'window:activity': async (activity) => this.setWindowActivity(activity),
      // A long call keeps running in the account it began in, even after a switch: asked of each.
      'app:cancel': async (p) => {
        const answers = await Promise.all(this.#held.map((h) => h.core.handlers['app:cancel'](p)));
        return { cancelled: answers.some((a) => a.cancelled) };
      },
      // The tray's "pause for an hour" means every account's notices.
      'notifications:pause': async (p) => {
        await Promise.all(this.#others().map((h) => h.core.handlers['notifications:pause'](p)));
        return this.#on().core.handlers['notifications:pause'](p);
      },
      // Theme and language are the technician's, not an account's: kept the same in every account.
      'settings:update': async (patch: InvokeRequest<'settings:update'>) => {
        const settings = await this.#on().core.handlers['settings:update'](patch);
        const shared = sharedSettings(patch);
        if (shared) await Promise.all(this.#others().map((h) => h.core.handlers['settings:update'](shared)));
        return settings;
      },
    };
  }
}
