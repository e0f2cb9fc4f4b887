// The account as plain data: what the seed generator produces, the store holds and the state file keeps.
// Records are treated as immutable (a change replaces the object), so a snapshot is cheap and an encoded
// list can be cached by identity.
import type {
  Device,
  Id,
  KnownLanguage,
  KnownSessionState,
  SupportSession,
  Timestamp,
  User,
} from '../../shared/model.js';

export interface FolderRecord {
  readonly id: Id;
  readonly name: string;
  readonly dateCreation: Timestamp;
  /** null: directly under root. */
  readonly parentId: Id | null;
}

export interface SessionRecord extends SupportSession {
  readonly state: KnownSessionState;
  readonly language: KnownLanguage;
  readonly code: string;
  readonly customer: string;
  readonly plannedInitTime: Timestamp;
}

export interface AccountState {
  users: User[];
  folders: FolderRecord[];
  devices: Device[];
  sessions: SessionRecord[];
  nextId: { folder: number; session: number };
}
