// The ServiceApi over the service's signed XML interface (spec §4, §5).
//
// - Every attempt is signed anew (fresh nonce and timestamp) by the injected RequestSigner; where the OAuth
//   parameters travel (header or query) is the signer's setting. XML bodies are never part of a signature.
// - Only GET is retried automatically (network errors, 5xx, 429; exponential backoff with jitter,
//   Retry-After respected). POST, PUT and DELETE are sent exactly once: a second create would duplicate.
// - Every failure is a AppFailure (errors.ts). Nothing is logged here: callers decide what to log, and
//   nothing this module could log is free of the risk of carrying a signed URL.

import type {
  Device,
  Folder,
  FolderInput,
  Id,
  SessionCreate,
  SessionUpdate,
  SupportSession,
  User,
  DeviceUpdate,
} from '../model.js';
import type { ServiceResource } from '../errors.js';
import type { OAuthConsumer, OAuthToken, RequestSigner } from '../oauth/types.js';
import type { CallOptions, ServiceApi } from './api.js';
import {
  decodeDevice,
  decodeDevices,
  DEFAULT_MAX_COLLECTION_BYTES,
  decodeFolder,
  decodeFolders,
  decodeSupportSession,
  decodeSupportSessions,
  decodeUser,
  decodeUsers,
  encodeDeviceUpdate,
  encodeFolderInput,
  encodeSessionCreate,
  encodeSessionUpdate,
} from '../xml/index.js';
import { AppFailure } from '../errors.js';
import {
  cancelledError,
  createdWithoutLocationError,
  malformedResponseError,
  serviceErrorFromResponse,
} from './errors.js';
import { readBodyLimited } from '../http/read-body.js';
import { sendAttempt, type ForeignAttempt, type RawResponse } from './transport.js';

/**
 * Decoders of the large collections, so the main process can run them in a worker. Each receives the
 * response text and resolves to the model; a rejection becomes a 'malformed-response' error.
 */
export interface CollectionDecoders {
  devices: (xml: string) => Promise<Device[]>;
  folders: (xml: string) => Promise<Folder[]>;
  sessions: (xml: string) => Promise<SupportSession[]>;
  users: (xml: string) => Promise<User[]>;
}

export interface ServiceClientOptions {
  /** The service address, e.g. "https://api.example.com" (a path prefix is kept). */
  baseUrl: string;
  consumer: OAuthConsumer;
  token?: OAuthToken;
  signer: RequestSigner;
  fetch?: typeof fetch;
  /** Per attempt, body included. Default 30 s. */
  timeoutMs?: number;
  /** Extra attempts of a GET after a network error, 5xx or 429. Default 2. */
  getRetries?: number;
  decode?: Partial<CollectionDecoders>;
  /** First backoff step between GET attempts; doubles per attempt, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts, a Retry-After included. Default 10 s. */
  maxRetryDelayMs?: number;
  /** Largest answer read (after decompression) before it is refused. Default: the collection limit, 256 MiB. */
  maxResponseBytes?: number;
}

const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function segment(id: Id): string {
  // '.' and '..' (even percent-encoded) are dot segments to a URL parser: they would address another path.
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') {
    throw new AppFailure({ kind: 'validation', message: 'The item has no valid id.' });
  }
  return encodeURIComponent(id);
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class ServiceClient implements ServiceApi {
  private readonly baseUrl: string;
  private readonly consumer: OAuthConsumer;
  private readonly token: OAuthToken | undefined;
  private readonly signer: RequestSigner;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;
  private readonly getRetries: number;
  private readonly decoders: Partial<CollectionDecoders>;
  private readonly retryBaseDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly maxResponseBytes: number;

  constructor(options: ServiceClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.consumer = options.consumer;
    this.token = options.token;
    this.signer = options.signer;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.getRetries = Math.max(0, options.getRetries ?? 2);
    this.decoders = options.decode ?? {};
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_COLLECTION_BYTES;
  }

  // ---- Folders (§4.1) ----

  async getFolder(id: Id, options?: CallOptions): Promise<Folder> {
    const res = await this.send('GET', `/folders/${segment(id)}.xml`, 'folder', options);
    // A folder show nests its devices: it can be as large as a device list, not a single resource.
    return this.decodeWith(res, () => decodeFolder(res.text, { maxBytes: DEFAULT_MAX_COLLECTION_BYTES }));
  }

  async listFolders(parentId?: Id, options?: CallOptions): Promise<Folder[]> {
    const path = parentId === undefined ? '/folders.xml' : `/folders/${segment(parentId)}/folders.xml`;
    const res = await this.send('GET', path, 'folder', options);
    return this.decodeWith(res, () => this.decoders.folders?.(res.text) ?? decodeFolders(res.text), options);
  }

  async createFolder(input: FolderInput, options?: CallOptions & { parentInPath?: boolean }): Promise<Id> {
    const parent = options?.parentInPath && typeof input.parentId === 'string' ? input.parentId : undefined;
    const path = parent === undefined ? '/folders.xml' : `/folders/${segment(parent)}/folders.xml`;
    const res = await this.send('POST', path, 'folder', options, encodeFolderInput(input));
    return this.createdId(res, 'folders', 'folder');
  }

  async updateFolder(id: Id, input: FolderInput, options?: CallOptions & { viaParent?: Id }): Promise<void> {
    const path =
      options?.viaParent === undefined
        ? `/folders/${segment(id)}.xml`
        : `/folders/${segment(options.viaParent)}/folders/${segment(id)}.xml`;
    await this.send('PUT', path, 'folder', options, encodeFolderInput(input));
  }

  async deleteFolder(id: Id, options?: CallOptions): Promise<void> {
    await this.send('DELETE', `/folders/${segment(id)}.xml`, 'folder', options);
  }

  // ---- Devices (§4.3) ----

  async listDevices(folderId?: Id, options?: CallOptions): Promise<Device[]> {
    const path = folderId === undefined ? '/devices.xml' : `/folders/${segment(folderId)}/devices.xml`;
    const res = await this.send('GET', path, 'device', options);
    return this.decodeWith(res, () => this.decoders.devices?.(res.text) ?? decodeDevices(res.text), options);
  }

  async getDevice(id: Id, options?: CallOptions): Promise<Device> {
    const res = await this.send('GET', `/devices/${segment(id)}.xml`, 'device', options);
    return this.decodeWith(res, () => decodeDevice(res.text));
  }

  async updateDevice(
    id: Id,
    update: DeviceUpdate,
    options?: CallOptions & { viaFolder?: Id },
  ): Promise<void> {
    const path =
      options?.viaFolder === undefined
        ? `/devices/${segment(id)}.xml`
        : `/folders/${segment(options.viaFolder)}/devices/${segment(id)}.xml`;
    await this.send('PUT', path, 'device', options, encodeDeviceUpdate(update));
  }

  // ---- Support sessions (§4.2) ----

  async listSessions(options?: CallOptions): Promise<SupportSession[]> {
    const res = await this.send('GET', '/support_sessions.xml', 'support_session', options);
    return this.decodeWith(
      res,
      () => this.decoders.sessions?.(res.text) ?? decodeSupportSessions(res.text),
      options,
    );
  }

  async getSession(id: Id, options?: CallOptions): Promise<SupportSession> {
    const res = await this.send('GET', `/support_sessions/${segment(id)}.xml`, 'support_session', options);
    return this.decodeWith(res, () => decodeSupportSession(res.text));
  }

  async createSession(input: SessionCreate, options?: CallOptions): Promise<Id> {
    const res = await this.send(
      'POST',
      '/support_sessions.xml',
      'support_session',
      options,
      encodeSessionCreate(input),
    );
    return this.createdId(res, 'support_sessions', 'support_session');
  }

  async updateSession(id: Id, update: SessionUpdate, options?: CallOptions): Promise<void> {
    const path = `/support_sessions/${segment(id)}.xml`;
    await this.send('PUT', path, 'support_session', options, encodeSessionUpdate(update));
  }

  async deleteSession(id: Id, options?: CallOptions): Promise<void> {
    await this.send('DELETE', `/support_sessions/${segment(id)}.xml`, 'support_session', options);
  }

  // ---- Users (§4.4) ----

  async listUsers(options?: CallOptions): Promise<User[]> {
    const res = await this.send('GET', '/users.xml', 'user', options);
    return this.decodeWith(res, () => this.decoders.users?.(res.text) ?? decodeUsers(res.text), options);
  }

  async getUser(id: Id, options?: CallOptions): Promise<User> {
    const res = await this.send('GET', `/users/${segment(id)}.xml`, 'user', options);
    return this.decodeWith(res, () => decodeUser(res.text));
  }

  async getCurrentUser(options?: CallOptions): Promise<User> {
    const res = await this.send('GET', '/users/current.xml', 'user', options);
    return this.decodeWith(res, () => decodeUser(res.text));
  }

  // ---- Plumbing ----

  /**
   * A GET signed now, for a caller that sends it itself (the devices poll worker): the tokens stay here,
   * only the one-use Authorization header travels. Sign per attempt: a nonce is good once (spec §8).
   */
  signedGet(path: string): { url: string; headers: Record<string, string> } {
    const signed = this.signer.sign({ method: 'GET', url: this.baseUrl + path }, this.consumer, this.token);
    return { url: signed.url, headers: { ...signed.headers } };
  }

  /**
   * A GET of `path` whose attempts someone else sends (the devices poll worker, which keeps its own thread
   * and reads the body as bytes for its streaming decode), under this client's policy: each attempt signed
   * here anew with the headers every call sends, given this client's timeout and body limit (the sender
   * uses sendAttempt, transport.ts, as the client itself does), retried as every GET is, and a non-2xx
   * answer turned into the same AppFailure as any call's. Resolves with the 2xx answer.
   */
  async getVia(
    path: string,
    resource: ServiceResource,
    attempt: ForeignAttempt,
    options?: CallOptions,
  ): Promise<RawResponse> {
    const limits = {
      timeoutMs: options?.timeoutMs ?? this.timeoutMs,
      maxBytes: this.maxResponseBytes,
    };
    return this.send('GET', path, resource, options, undefined, () => {
      const signed = this.signedGet(path);
      return attempt({ url: signed.url, headers: { Accept: 'application/xml', ...signed.headers } }, limits);
    });
  }

  private async decodeWith<T>(
    res: RawResponse,
    decode: () => T | Promise<T>,
    options?: CallOptions,
  ): Promise<T> {
    let value: T;
    try {
      value = await decode();
    } catch (error) {
      throw malformedResponseError(res.status, error);
    }
    // A worker decode of a long list takes a while: a cancel that came meanwhile still wins.
    if (options?.signal?.aborted) throw cancelledError();
    return value;
  }

  /** The new item's id from the 201 Location: `{base}/folders/{id}`, `{base}/support_sessions/{id}.xml`, or relative. */
  private createdId(res: RawResponse, collection: string, resource: ServiceResource): Id {
    const location = res.headers.get('location');
    if (location) {
      try {
        const { pathname } = new URL(location, res.url);
        const match = new RegExp(`/${collection}/([^/]+?)(?:\\.(?:xml|json))?/?$`).exec(pathname);
        const id = match?.[1] === undefined ? '' : decodeURIComponent(match[1]);
        if (id !== '' && id !== '.' && id !== '..') return id;
      } catch {
        // An unreadable Location is handled as a missing one below.
      }
    }
    throw createdWithoutLocationError(res.status, resource);
  }

  private async send(
    method: Method,
    path: string,
    resource: ServiceResource,
    options: CallOptions | undefined,
    body?: string,
    /** Attempts sent elsewhere (getVia); by default the client's own. */
    via?: () => Promise<RawResponse>,
  ): Promise<RawResponse> {
    const signal = options?.signal;
    const retries = method === 'GET' ? this.getRetries : 0;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw cancelledError();
      let res: RawResponse;
      try {
        res = await (via ? via() : this.attempt(method, path, options, body));
      } catch (error) {
        if (error instanceof AppFailure && error.kind === 'network' && attempt < retries) {
          await sleep(this.backoff(attempt), signal);
          continue;
        }
        throw error;
      }
      if (res.status >= 200 && res.status < 300) return res;
      const retryable = res.status >= 500 || res.status === 429;
      if (retryable && attempt < retries) {
        const hinted = retryAfterMs(res.headers.get('retry-after'));
        await sleep(Math.min(hinted ?? this.backoff(attempt), this.maxRetryDelayMs), signal);
        continue;
      }
      throw serviceErrorFromResponse({
        status: res.status,
        body: res.text,
        wwwAuthenticate: res.headers.get('www-authenticate'),
        method,
        resource,
      });
    }
  }

  /** Exponential with full jitter in its upper half, so many clients do not come back in step. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retryBaseDelayMs * 2 ** attempt, this.maxRetryDelayMs);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  private async attempt(
    method: Method,
    path: string,
    options: CallOptions | undefined,
    body?: string,
  ): Promise<RawResponse> {
    const url = this.baseUrl + path;
    // Signed per attempt: a repeated nonce would be refused (spec §8).
    const signed = this.signer.sign({ method, url }, this.consumer, this.token);
    const headers: Record<string, string> = { Accept: 'application/xml', ...signed.headers };
    if (body !== undefined) headers['Content-Type'] = XML_CONTENT_TYPE;

    const answer = await sendAttempt(
      this.fetchFn,
      { method, url: signed.url, headers, ...(body === undefined ? {} : { body }) },
      {
        timeoutMs: options?.timeoutMs ?? this.timeoutMs,
        ...(options?.signal ? { signal: options.signal } : {}),
        read: (response) => readBodyLimited(response, this.maxResponseBytes),
      },
    );
    return { status: answer.status, headers: answer.headers, text: answer.body, url: signed.url };
  }
}
