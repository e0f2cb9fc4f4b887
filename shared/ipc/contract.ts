// The one typed contract between the renderer and the main process (after GitHub Desktop's
// app/src/lib/ipc-shared.ts). Both hosts speak it: Electron's IPC (preload + ipcMain) and the browser
// host (HTTP + server-sent events on 127.0.0.1). The main side validates every payload at runtime with the
// schemas of schemas.ts before any handler sees it; the renderer side gets types from the same map.
//
// What never crosses: consumer secret, access token, token secret, signatures. The renderer sees the
// account's base URL, the consumer key, the signed-in user and the account's data.

import type * as z from 'zod';
import type { Id } from '../model.js';
import type {
  AccountsState,
  AuthState,
  DataChange,
  DatasetName,
  DatasetStatus,
  IpcResult,
  ReplyOf,
  SessionNotice,
  Settings,
  SyncState,
} from './payloads.js';
import { reply } from './payloads.js';
import type { OutboxState } from '../outbox.js';
import type { StatusNotice, StatusTarget } from '../status-history.js';
import type { invokeTable } from './schemas.js';

// The data the channels carry is described in payloads.ts (below the invoke table, which names it).
export * from './payloads.js';

// ---- What the renderer may ask ------------------------------------------------------------------
// The runtime schemas live in schemas.ts (zod), which only the main side loads: the renderer bundle does
// not need a validator for what it sends itself.

type InvokeTable = typeof invokeTable;
export type InvokeChannel = keyof InvokeTable;
export type InvokeRequest<C extends InvokeChannel> = z.infer<InvokeTable[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = ReplyOf<InvokeTable[C]['response']>;

// ---- Events the main process pushes ---------------------------------------------------------------

/** Every event the main process pushes, once, with its payload type. */
export const eventTable = {
  'auth:state': reply<AuthState>(),
  'sync:state': reply<SyncState>(),
  /**
   * One dataset's status when nothing else in SyncState changed (a poll's end): what an idle poll sends,
   * a fraction of the whole state.
   */
  'sync:dataset': reply<{ dataset: DatasetName; status: DatasetStatus }>(),
  'data:change': reply<DataChange>(),
  'settings:state': reply<Settings>(),
  'notify:sessions': reply<SessionNotice>(),
  /** Status notices of a poll (went offline, came back, outages), batched, already muted as needed. */
  'notify:status': reply<StatusNotice>(),
  /** A notification or the tray asked to show this session. */
  'ui:focus-session': reply<{ sessionId: Id }>(),
  /** A status notice or the tray asked to show this device (details open) or folder (selected). */
  'ui:open-target': reply<StatusTarget>(),
  /** The accounts, which one is on screen, and each one's health (issue 28). */
  'accounts:state': reply<AccountsState>(),
  /** Outbox and bulk changes (issue 12): pending count, conflicts and bulk progress (≤ ~10 a second). */
  'outbox:state': reply<OutboxState>(),
};
export type MainEvents = { [E in keyof typeof eventTable]: ReplyOf<(typeof eventTable)[E]> };
export type EventChannel = keyof MainEvents;
export const EVENT_CHANNELS = Object.keys(eventTable) as EventChannel[];

// ---- The two sides ---------------------------------------------------------------------------------

/** What the renderer holds: the preload's `window.supportConsole`, or the browser host's HTTP bridge. */
export interface Bridge {
  invoke<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ): Promise<IpcResult<InvokeResponse<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: MainEvents[E]) => void): () => void;
  /**
   * Whether the host this page belongs to is still there (the browser host only: Electron's window and its
   * main process end together). 'gone': nothing answers; 'replaced': a later start answers, and does not
   * know this page's launch.
   */
  onHostLink?(listener: (link: HostLink) => void): () => void;
}

export type HostLink = 'up' | 'gone' | 'replaced';

/** What the main process implements once; both hosts dispatch to it. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (payload: InvokeRequest<C>) => Promise<InvokeResponse<C>>;
};

export type EventSink = <E extends EventChannel>(event: E, payload: MainEvents[E]) => void;

/** The global name the preload exposes the bridge under. */
export const BRIDGE_GLOBAL = 'supportConsole';
