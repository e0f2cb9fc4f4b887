// Every invoke channel, once: its request's runtime schema beside its response type. The channel names,
// the request and response types (contract.ts) and the preload's allow-list are derived from this table.
// The main side validates with it before any handler runs (dispatch.ts); the renderer never loads this
// file (its typed proxy needs no names at run time).

import * as z from 'zod';
import type {
  AccountDeviceHit,
  AccountInfo,
  AccountViewMatches,
  AccountsState,
  AppSnapshot,
  BulkMoveResult,
  DatasetName,
  Reply,
  DeviceHistory,
  HistoryOverview,
  HistoryUsage,
  Settings,
  StoredViews,
  WatchSettings,
  UpdateStatus,
} from './payloads.js';
import { DATASET_NAMES, reply } from './payloads.js';
import type { Id } from '../model.js';
import type { WatchConditions } from '../status-history.js';
import type { BulkProgress, BulkUndoRecord, OutboxState } from '../outbox.js';
import { LANGUAGES } from '../model.js';
import {
  MAX_ACCOUNT_NAME,
  MAX_EMAIL,
  MAX_NAME,
  MAX_VIEW_NAME,
  VIEW_MATCHES_MAX,
  VIEW_MATCH_SORT_KEYS,
} from './limits.js';

// Limits where the spec says "not shown": generous for real data, finite against a compromised renderer.

const id = z.string().min(1).max(64);
const utcTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, 'a UTC timestamp (…Z)');
const httpUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'an http(s) URL');
const trimmedName = z.string().trim().min(1, 'required').max(MAX_NAME);
const email = z
  .string()
  .trim()
  .max(MAX_EMAIL)
  .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address');
const language = z.enum(LANGUAGES);
const empty = z.object({}).strict();
const entryId = z.string().min(1).max(64);
const batch = z.object({ batchId: entryId }).strict();
const accountId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'an account id');
const accountName = z.string().trim().min(1, 'required').max(MAX_ACCOUNT_NAME);
/** Names a long call so app:cancel can stop it (shared/ipc/services.ts: CancellableChannel). */
const callId = z.string().min(1).max(64);

// ---- status history, outages and watches (issue 11) ----
const minutes = z
  .number()
  .int()
  .min(0)
  .max(366 * 24 * 60);
const watchWhen = {
  offline: z.boolean(),
  online: z.boolean(),
  offlineLongerMinutes: minutes.min(1).nullable(),
  busyLongerMinutes: minutes.min(1).nullable(),
};
const watch = z
  .object({
    id: z.string().min(1).max(64),
    target: z.union([
      z.object({ kind: z.literal('device'), id }).strict(),
      z.object({ kind: z.literal('folder'), id }).strict(),
      z.object({ kind: z.literal('account') }).strict(),
    ]),
    when: z.object(watchWhen).strict(),
  })
  .strict();
const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 - 1);
const quietHours = z.object({ fromMinute: minuteOfDay, toMinute: minuteOfDay }).strict();
/** Also the shape of the watches on disk (electron/core/store/files.ts). */
export { watch as watchSchema, quietHours as quietHoursSchema };

const MAX_VIEW_DEPTH = 32;

/** Whether no value inside `value` lies deeper than `max` levels; walked without recursion. */
function depthWithin(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return false;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return true;
}

export const invokeTable = {
  'app:snapshot': {
    request: empty,
    response: reply<AppSnapshot>(),
  },
  /** Stops the call its client named with this callId (a history export, a bulk start); false: none ran. */
  'app:cancel': {
    request: z.object({ callId }).strict(),
    response: reply<{ cancelled: boolean }>(),
  },
  'auth:begin': {
    request: z
      .object({
        baseUrl: httpUrl,
        consumerKey: z.string().trim().min(1).max(512),
        /** Blank: use the configured secret (SignInDefaults.hasConfiguredSecret). */
        consumerSecret: z.string().max(512),
        /** The user accepted working without a keychain for this run. */
        memoryOnly: z.boolean().optional(),
      })
      .strict(),
    response: reply<{ authorizeUrl: string; opened: boolean }>(),
  },
  'auth:complete': {
    request: z.object({ pin: z.string().trim().min(1).max(128) }).strict(),
    response: reply<AccountInfo>(),
  },
  'auth:cancel': {
    request: empty,
    response: reply<void>(),
  },
  'auth:sign-out': {
    request: empty,
    response: reply<void>(),
  },
  'sync:refresh': {
    request: z.object({ datasets: z.array(z.enum(DATASET_NAMES as [DatasetName])).optional() }).strict(),
    response: reply<void>(),
  },
  'devices:set-alias': {
    request: z.object({ id, alias: z.string().trim().max(MAX_NAME) }).strict(),
    response: reply<void>(),
  },
  /** folderId null: unassign. */
  'devices:move': {
    request: z.object({ ids: z.array(id).min(1).max(100_000), folderId: id.nullable() }).strict(),
    response: reply<BulkMoveResult>(),
  },
  'folders:create': {
    request: z.object({ name: trimmedName, parentId: id.nullable() }).strict(),
    /** id null: queued while the service is away; the folder appears once the service has it. */
    response: reply<{ id: Id | null }>(),
  },
  'folders:rename': {
    request: z.object({ id, name: trimmedName }).strict(),
    response: reply<void>(),
  },
  /** parentId null: move to root. */
  'folders:move': {
    request: z.object({ id, parentId: id.nullable() }).strict(),
    response: reply<void>(),
  },
  'folders:delete': {
    request: z.object({ id }).strict(),
    response: reply<void>(),
  },
  'sessions:create': {
    request: z
      .object({
        customer: trimmedName,
        customerMail: email.optional(),
        language,
        plannedInitTime: utcTimestamp.optional(),
        plannedEndTime: utcTimestamp.optional(),
      })
      .strict(),
    response: reply<{ id: Id }>(),
  },
  'sessions:update': {
    request: z
      .object({
        id,
        customer: trimmedName.optional(),
        customerMail: email.optional(),
        language: language.optional(),
        plannedInitTime: utcTimestamp.optional(),
        /** null: clear the planned end (the session code then lasts 15 minutes). */
        plannedEndTime: utcTimestamp.nullable().optional(),
      })
      .strict(),
    response: reply<void>(),
  },
  'sessions:delete': {
    request: z.object({ id }).strict(),
    response: reply<void>(),
  },
  /** Opens a URL in the system browser; the main process allows only the account's own origin. */
  'shell:open-external': {
    request: z.object({ url: httpUrl }).strict(),
    response: reply<void>(),
  },
  'settings:update': {
    request: z
      .object({
        reminderLeadMinutes: z
          .number()
          .int()
          .min(0)
          .max(24 * 60)
          .optional(),
        notificationsEnabled: z.boolean().optional(),
        theme: z.enum(['system', 'light', 'dark']).optional(),
        language: z.enum(['account', ...LANGUAGES]).optional(),
        displayZone: z.enum(['computer', 'account']).optional(),
        historyRetentionDays: z.number().int().min(1).max(3650).optional(),
      })
      .strict(),
    response: reply<Settings>(),
  },
  /** minutes 0: resume now. */
  'notifications:pause': {
    request: z
      .object({
        minutes: z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
      })
      .strict(),
    response: reply<Settings>(),
  },
  /** The renderer reports whether it is in front, so polling can be faster then and slower in the tray. */
  'window:activity': {
    request: z.object({ visible: z.boolean(), focused: z.boolean() }).strict(),
    response: reply<void>(),
  },
  // ---- several accounts in one console (issue 28; electron/core/accounts/) ----
  'accounts:list': { request: empty, response: reply<AccountsState>() },
  /** A new account, signed out, shown at once: its sign-in form follows (its own address and consumer). */
  'accounts:add': { request: z.object({ name: accountName }).strict(), response: reply<AccountsState>() },
  /** Shows another account's copy at once; `open`: then shows this device or folder of it. */
  'accounts:switch': {
    request: z
      .object({
        id: accountId,
        open: z
          .object({ kind: z.enum(['device', 'folder']), id })
          .strict()
          .optional(),
      })
      .strict(),
    response: reply<AccountsState>(),
  },
  'accounts:rename': {
    request: z.object({ id: accountId, name: accountName }).strict(),
    response: reply<AccountsState>(),
  },
  /** Signs the account out (its keychain entry goes) and removes its files. */
  'accounts:remove': { request: z.object({ id: accountId }).strict(), response: reply<AccountsState>() },
  /**
   * The devices of the accounts not on screen whose name, alias, IP or MAC holds every word of `query`
   * (a few per account: opening one switches to its account).
   */
  'accounts:search': {
    request: z.object({ query: z.string().max(200) }).strict(),
    response: reply<AccountDeviceHit[]>(),
  },
  /**
   * A saved view spanning accounts, over the devices of the accounts not on screen: per account the first
   * `limit` matches in the order asked, and how many match. `where` is the view's condition group, checked
   * by the view schema in main before it runs.
   */
  'accounts:view-matches': {
    request: z
      .object({
        search: z.string().max(1000),
        where: z.unknown().refine((w) => depthWithin(w, MAX_VIEW_DEPTH), 'conditions nested too deep'),
        sort: z.object({ key: z.enum(VIEW_MATCH_SORT_KEYS), direction: z.enum(['asc', 'desc']) }).strict(),
        limit: z.number().int().min(0).max(VIEW_MATCHES_MAX),
      })
      .strict(),
    response: reply<AccountViewMatches[]>(),
  },
  /** The same quiet hours in every account (null: none), each account's watches left as they are. */
  'accounts:quiet-hours': {
    request: z.object({ quietHours: quietHours.nullable() }).strict(),
    response: reply<void>(),
  },
  /** What Settings shows about updates: the feed, the last check (electron/core/updater.ts). */
  'updates:status': { request: empty, response: reply<UpdateStatus>() },
  // ---- outbox and bulk changes (issue 12) ----
  'outbox:state': { request: empty, response: reply<OutboxState>() },
  /** The conflict's write is sent again over theirs ('mine'), or dropped ('theirs'). */
  'outbox:resolve': {
    request: z.object({ entryId, choice: z.enum(['mine', 'theirs']) }).strict(),
    response: reply<void>(),
  },
  /** Without entryId: every failed write. */
  'outbox:retry': {
    request: z.object({ entryId: entryId.optional() }).strict(),
    response: reply<{ requeued: number }>(),
  },
  'outbox:discard': { request: z.object({ entryId }).strict(), response: reply<void>() },
  /** A write not yet sent is withdrawn; false when it was already being sent (or settled). */
  'outbox:cancel': {
    request: z.object({ entryId }).strict(),
    response: reply<{ cancelled: boolean }>(),
  },
  /** batchId null: nothing to send (every device unknown or already as asked). */
  'bulk:start': {
    request: z.discriminatedUnion('kind', [
      z
        .object({
          kind: z.literal('move'),
          ids: z.array(id).min(1).max(100_000),
          folderId: id.nullable(),
          label: z.string().max(MAX_NAME).optional(),
          callId: callId.optional(),
        })
        .strict(),
      z
        .object({
          kind: z.literal('moveEach'),
          items: z
            .array(z.object({ id, folderId: id.nullable() }).strict())
            .min(1)
            .max(100_000),
          label: z.string().max(MAX_NAME).optional(),
          callId: callId.optional(),
        })
        .strict(),
      z
        .object({
          kind: z.literal('alias'),
          items: z
            .array(z.object({ id, alias: z.string().trim().max(MAX_NAME) }).strict())
            .min(1)
            .max(100_000),
          label: z.string().max(MAX_NAME).optional(),
          callId: callId.optional(),
        })
        .strict(),
    ]),
    response: reply<{ batchId: string | null; total: number; unknown: Id[]; unchanged: Id[] }>(),
  },
  'bulk:pause': { request: batch, response: reply<BulkProgress>() },
  'bulk:resume': { request: batch, response: reply<BulkProgress>() },
  'bulk:cancel': { request: batch, response: reply<BulkProgress>() },
  'bulk:retry': { request: batch, response: reply<BulkProgress>() },
  /** What a finished change set over what it replaced, for its undo; null when none is kept. */
  'bulk:undo-record': { request: batch, response: reply<BulkUndoRecord | null>() },
  // ---- status history, outages and watches (issue 11) ----
  /** days: the timeline's span (1 or 30). */
  'history:device': {
    request: z.object({ deviceId: id, days: z.union([z.literal(1), z.literal(30)]) }).strict(),
    response: reply<DeviceHistory>(),
  },
  'history:overview': { request: empty, response: reply<HistoryOverview>() },
  /** The history's size on disk; null while no account's history is open (signed out). */
  'history:usage': { request: empty, response: reply<HistoryUsage | null>() },
  /** Devices matching all given conditions, with the time their status began. */
  'history:query': {
    request: z
      .object({
        status: z.enum(['online', 'offline', 'busy']).optional(),
        longerThanMinutes: minutes.optional(),
        changedWithinMinutes: minutes.optional(),
        flapping: z.boolean().optional(),
      })
      .strict(),
    response: reply<{ ids: Id[]; since: Record<Id, number> }>(),
  },
  /** One device's or one folder's (with sub-folders) history as CSV; zone: the displayed IANA zone. */
  'history:export': {
    request: z
      .object({
        target: z.union([
          z.object({ kind: z.literal('device'), id }).strict(),
          z.object({ kind: z.literal('folder'), id }).strict(),
        ]),
        days: z.number().int().min(1).max(366),
        zone: z.string().min(1).max(64),
        callId: callId.optional(),
      })
      .strict(),
    response: reply<{ filename: string; csv: string }>(),
  },
  'watch:get': { request: empty, response: reply<WatchSettings>() },
  'watch:set': {
    request: z.object({ watches: z.array(watch).max(10_000), quietHours: quietHours.nullable() }).strict(),
    response: reply<WatchSettings>(),
  },
  /**
   * One device's own watch: read (no change) or changed, in one step on the main side (shared/device-watch.ts),
   * so two quick toggles cannot race; the answer is the device's conditions after it.
   */
  'watch:device': {
    request: z.object({ deviceId: id, change: z.object(watchWhen).partial().strict().optional() }).strict(),
    response: reply<WatchConditions>(),
  },
  // ---- saved views of the signed-in account (issue 12) ----
  'views:load': { request: empty, response: reply<StoredViews>() },
  /** Bounded in count and size: the views are the renderer's data, but the file is ours to keep sane. */
  'views:save': {
    request: z
      .object({
        views: z
          .array(
            z.looseObject({ id: z.string().min(1).max(100), name: z.string().min(1).max(MAX_VIEW_NAME) }),
          )
          .max(500),
      })
      .strict()
      .refine(
        // Depth first: a view nested thousands deep would overflow the stack of JSON.stringify.
        (p) => depthWithin(p, MAX_VIEW_DEPTH) && JSON.stringify(p).length <= 1_000_000,
        `saved views larger than 1 MB or nested deeper than ${MAX_VIEW_DEPTH} levels`,
      ),
    response: reply<void>(),
  },
} as const satisfies Record<string, { request: z.ZodType; response: Reply<unknown> }>;

/** Every channel the renderer may invoke: the table's keys, named nowhere else. */
export const INVOKE_CHANNELS = Object.keys(invokeTable) as (keyof typeof invokeTable)[];
