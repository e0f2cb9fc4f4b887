// The account's resources as the service describes them (spec §2), in the shape both processes use.
//
// Choices, where the spec leaves room:
// - Ids and codes are strings: "007" must stay "007".
// - Timestamps are ISO 8601 strings normalised to UTC ("…Z"); a nested folder may carry a date without a
//   time ("YYYY-MM-DD"), which is kept as such rather than invented into a midnight.
// - A field the server sent as nil, empty or not at all is `null` in a resource read from the server.
// - An enum value the server sends that we do not know is kept as `{ unknown: "<raw>" }`: shown to the
//   technician as it came, never crashed on, never silently mapped to a known value.
// - Everything here is plain data (structured-clone and JSON safe): it crosses IPC and lands in the cache.

import type { Device } from './device-fields.js';
import type { Id, OrUnknown, Timestamp } from './values.js';

// The value vocabulary lives in values.ts (device-fields.ts describes a device in it, and this file
// names a device's type from there); it is part of the model everyone imports from here.
export type { Id, Timestamp, UnknownEnum, OrUnknown } from './values.js';
export type { KnownDeviceStatus, DeviceStatus, KnownDeviceOs, DeviceOs } from './values.js';
export { DEVICE_STATUSES, DEVICE_OSES, isUnknownEnum, enumValue, toEnum } from './values.js';

export const SESSION_STATES = ['planned', 'ongoing', 'finished'] as const;
export type KnownSessionState = (typeof SESSION_STATES)[number];
export type SessionState = OrUnknown<KnownSessionState>;

/** Language of the session binary / the user's interface. `ge` is the service's code for German. */
export const LANGUAGES = ['en', 'es', 'it', 'ge', 'fr'] as const;
export type KnownLanguage = (typeof LANGUAGES)[number];
export type Language = OrUnknown<KnownLanguage>;

export const USER_ROLES = ['administrator', 'user'] as const;
export type KnownUserRole = (typeof USER_ROLES)[number];
export type UserRole = OrUnknown<KnownUserRole>;

// A device's fields are described once, in device-fields.ts, and its type derived from that table.
export type { Device };

export interface Folder {
  id: Id;
  name: string;
  dateCreation: Timestamp | null;
  /** null: directly under root. */
  parentId: Id | null;
  /** Sub-folders, when the response nested them (show does; lists may). undefined: not sent. */
  folders?: Folder[];
  /** Devices in this folder, when the response nested them. undefined: not sent. */
  devices?: Device[];
}

export interface SupportSession {
  id: Id;
  code: string | null;
  state: SessionState | null;
  customer: string | null;
  customerMail: string | null;
  language: Language | null;
  plannedInitTime: Timestamp | null;
  plannedEndTime: Timestamp | null;
  initTime: Timestamp | null;
  endTime: Timestamp | null;
  note: string | null;
  userId: Id | null;
}

/** What a session notice and the tray say of a session: which one, its code, the customer, when. */
export function sessionSummary(
  s: SupportSession,
): Pick<SupportSession, 'id' | 'code' | 'customer' | 'plannedInitTime' | 'initTime'> {
  return {
    id: s.id,
    code: s.code,
    customer: s.customer,
    plannedInitTime: s.plannedInitTime,
    initTime: s.initTime,
  };
}

export interface User {
  id: Id;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  role: UserRole | null;
  language: Language | null;
  /** As the service writes it: a GMT offset in parentheses, e.g. "(GMT+01:00)". */
  timeZone: string | null;
  lastLogin: Timestamp | null;
  registerDate: Timestamp | null;
}

// ---- Request bodies ------------------------------------------------------------------------------
// The spec gives collections in a request body three meanings, kept apart by the types:
//   undefined -> element absent   -> leave the folder's current items as they are
//   []        -> element empty    -> unassign all (devices go to "unassigned", folders to root)
//   [ids]     -> element listed   -> assign these items to the folder (moving them from elsewhere)

export interface FolderInput {
  /** Required by the service on create and update. */
  name: string;
  /** undefined: not sent (create: under root unless the path names a parent; update: stays). null: root. */
  parentId?: Id | null;
  folders?: Id[];
  devices?: Id[];
}

export interface DeviceUpdate {
  /** undefined: not sent. */
  alias?: string;
  /** undefined: not sent (the device keeps its folder); null: an empty element (unassign from any folder). */
  folderId?: Id | null;
}

export interface SessionCreate {
  customer: string;
  customerMail?: string;
  language: KnownLanguage;
  /** Default on the service: now. */
  plannedInitTime?: Timestamp;
  /** Absent: the session code lasts 15 minutes. */
  plannedEndTime?: Timestamp;
}

export interface SessionUpdate extends Partial<Omit<SessionCreate, 'plannedEndTime'>> {
  /** undefined: not sent (unchanged). null: an empty element, which clears it (the code then lasts 15 minutes). */
  plannedEndTime?: Timestamp | null;
}

/** Session codes without a planned end last this long (spec §8). */
export const DEFAULT_SESSION_CODE_VALIDITY_MS = 15 * 60 * 1000;

/** A user of whom only the id is known yet (a resumed sign-in before the service or the copy names them). */
export function userKnownById(id: Id): User {
  return {
    id,
    firstname: null,
    lastname: null,
    email: null,
    role: null,
    language: null,
    timeZone: null,
    lastLogin: null,
    registerDate: null,
  };
}
