// Runtime schemas of every invoke payload (contract.ts names the channels and types). The main side
// validates with these before any handler runs (dispatch.ts); the renderer never loads this file.

import { z } from 'zod';
import type { DatasetName, InvokeChannel } from './contract.js';
import { DATASET_NAMES } from './contract.js';
import { LANGUAGES } from '../model.js';

// Limits where the spec says "not shown": generous for real data, finite against a compromised renderer.

const MAX_NAME = 255;
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
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address');
const language = z.enum(LANGUAGES);
const empty = z.object({}).strict();

// ---- status history, outages and watches (issue 11) ----
const minutes = z
  .number()
  .int()
  .min(0)
  .max(366 * 24 * 60);
const watch = z
  .object({
    id: z.string().min(1).max(64),
    target: z.union([
      z.object({ kind: z.literal('device'), id }).strict(),
      z.object({ kind: z.literal('folder'), id }).strict(),
      z.object({ kind: z.literal('account') }).strict(),
    ]),
    when: z
      .object({
        offline: z.boolean(),
        online: z.boolean(),
        offlineLongerMinutes: minutes.min(1).nullable(),
        busyLongerMinutes: minutes.min(1).nullable(),
      })
      .strict(),
  })
  .strict();
const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 - 1);
const quietHours = z.object({ fromMinute: minuteOfDay, toMinute: minuteOfDay }).strict();

export const invokeSchemas = {
  'app:snapshot': empty,
  'auth:begin': z
    .object({
      baseUrl: httpUrl,
      consumerKey: z.string().trim().min(1).max(512),
      /** Blank: use the configured secret (SignInDefaults.hasConfiguredSecret). */
      consumerSecret: z.string().max(512),
      /** The user accepted working without a keychain for this run. */
      memoryOnly: z.boolean().optional(),
    })
    .strict(),
  'auth:complete': z.object({ pin: z.string().trim().min(1).max(128) }).strict(),
  'auth:cancel': empty,
  'auth:sign-out': empty,
  'sync:refresh': z.object({ datasets: z.array(z.enum(DATASET_NAMES as [DatasetName])).optional() }).strict(),
  'devices:set-alias': z.object({ id, alias: z.string().trim().max(MAX_NAME) }).strict(),
  /** folderId null: unassign. */
  'devices:move': z.object({ ids: z.array(id).min(1).max(100_000), folderId: id.nullable() }).strict(),
  'folders:create': z.object({ name: trimmedName, parentId: id.nullable() }).strict(),
  'folders:rename': z.object({ id, name: trimmedName }).strict(),
  /** parentId null: move to root. */
  'folders:move': z.object({ id, parentId: id.nullable() }).strict(),
  'folders:delete': z.object({ id }).strict(),
  'sessions:create': z
    .object({
      customer: trimmedName,
      customerMail: email.optional(),
      language,
      plannedInitTime: utcTimestamp.optional(),
      plannedEndTime: utcTimestamp.optional(),
    })
    .strict(),
  'sessions:update': z
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
  'sessions:delete': z.object({ id }).strict(),
  /** Opens a URL in the system browser; the main process allows only the account's own origin. */
  'shell:open-external': z.object({ url: httpUrl }).strict(),
  'settings:update': z
    .object({
      reminderLeadMinutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60)
        .optional(),
      notificationsEnabled: z.boolean().optional(),
      theme: z.enum(['system', 'light', 'dark']).optional(),
    })
    .strict(),
  /** minutes 0: resume now. */
  'notifications:pause': z
    .object({
      minutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60),
    })
    .strict(),
  /** The renderer reports whether it is in front, so polling can be faster then and slower in the tray. */
  'window:activity': z.object({ visible: z.boolean(), focused: z.boolean() }).strict(),
  // ---- status history, outages and watches (issue 11) ----
  /** days: the timeline's span (1 or 30). */
  'history:device': z.object({ deviceId: id, days: z.union([z.literal(1), z.literal(30)]) }).strict(),
  'history:overview': empty,
  /** Devices matching all given conditions, with the time their status began. */
  'history:query': z
    .object({
      status: z.enum(['online', 'offline', 'busy']).optional(),
      longerThanMinutes: minutes.optional(),
      changedWithinMinutes: minutes.optional(),
      flapping: z.boolean().optional(),
    })
    .strict(),
  /** One device's or one folder's (with sub-folders) history as CSV; zone: the displayed IANA zone. */
  'history:export': z
    .object({
      target: z.union([
        z.object({ kind: z.literal('device'), id }).strict(),
        z.object({ kind: z.literal('folder'), id }).strict(),
      ]),
      days: z.number().int().min(1).max(366),
      zone: z.string().min(1).max(64),
    })
    .strict(),
  'watch:get': empty,
  'watch:set': z.object({ watches: z.array(watch).max(10_000), quietHours: quietHours.nullable() }).strict(),
} as const satisfies Record<InvokeChannel, z.ZodType>;
