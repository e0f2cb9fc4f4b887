// What the main process needs from the remote service: every operation of spec §4, typed.
// `ServiceClient` (service-client.ts) implements it over signed XML; tests and the sync engine may use
// any other implementation (a fake, a recording wrapper).
//
// Failures reject with `AppFailure` (errors.ts in this folder), whose `toAppError()` gives the plain data
// that crosses IPC.

import type {
  Device,
  DeviceUpdate,
  Folder,
  FolderInput,
  Id,
  SessionCreate,
  SessionUpdate,
  SupportSession,
  User,
} from '../model.js';
import type { ServiceResource } from '../errors.js';
import type { ForeignAttempt, RawResponse } from './transport.js';

export interface CallOptions {
  /** Cancels the call; it then rejects with a AppFailure of kind 'cancelled'. */
  signal?: AbortSignal;
  /** Per-call timeout in ms, overriding the client's default. */
  timeoutMs?: number;
}

export interface ServiceApi {
  // Folders (§4.1)
  getFolder(id: Id, options?: CallOptions): Promise<Folder>;
  /** Without parentId: GET /folders (the root's children); with it: GET /folders/{parentId}/folders. */
  listFolders(parentId?: Id, options?: CallOptions): Promise<Folder[]>;
  /**
   * POST /folders, or POST /folders/{parentId}/folders when `options.parentInPath` is set and the input
   * names a parent. Resolves to the new folder's id, read from the 201 Location header.
   */
  createFolder(input: FolderInput, options?: CallOptions & { parentInPath?: boolean }): Promise<Id>;
  /** PUT /folders/{id}, or PUT /folders/{parentId}/folders/{id} when `options.viaParent` is given. */
  updateFolder(id: Id, input: FolderInput, options?: CallOptions & { viaParent?: Id }): Promise<void>;
  deleteFolder(id: Id, options?: CallOptions): Promise<void>;

  // Devices (§4.3)
  /** Without folderId: GET /devices (all); with it: GET /folders/{folderId}/devices. */
  listDevices(folderId?: Id, options?: CallOptions): Promise<Device[]>;
  /** A signed GET of `path` for a caller that sends it itself (see ServiceClient.signedGet). */
  signedGet?(path: string): { url: string; headers: Record<string, string> };
  /** A GET whose attempts the caller sends, under this client's policy (see ServiceClient.getVia). */
  getVia?(
    path: string,
    resource: ServiceResource,
    attempt: ForeignAttempt,
    options?: CallOptions,
  ): Promise<RawResponse>;
  getDevice(id: Id, options?: CallOptions): Promise<Device>;
  /** PUT /devices/{id}, or PUT /folders/{viaFolder}/devices/{id} when `options.viaFolder` is given. */
  updateDevice(id: Id, update: DeviceUpdate, options?: CallOptions & { viaFolder?: Id }): Promise<void>;

  // Support sessions (§4.2)
  listSessions(options?: CallOptions): Promise<SupportSession[]>;
  getSession(id: Id, options?: CallOptions): Promise<SupportSession>;
  /** Resolves to the new session's id, read from the 201 Location header. Never retried automatically. */
  createSession(input: SessionCreate, options?: CallOptions): Promise<Id>;
  updateSession(id: Id, update: SessionUpdate, options?: CallOptions): Promise<void>;
  deleteSession(id: Id, options?: CallOptions): Promise<void>;

  // Users (§4.4)
  listUsers(options?: CallOptions): Promise<User[]>;
  getUser(id: Id, options?: CallOptions): Promise<User>;
  getCurrentUser(options?: CallOptions): Promise<User>;
}

/** The credentials that sign resource calls. Secrets: never logged, cached or sent to the renderer. */
export interface OAuthCredentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}
