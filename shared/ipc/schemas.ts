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
      language: z.enum(['account', ...LANGUAGES]).optional(),
      displayZone: z.enum(['computer', 'account']).optional(),
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
} as const satisfies Record<InvokeChannel, z.ZodType>;
