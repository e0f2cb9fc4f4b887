// What the fuzz suite checks after every request: no 500, the answer is one the interface's error table
// (spec §4, §7, and the choices service/README.md documents where the spec says "not shown") allows for
// the operation, and the account as served keeps its invariants — the tree acyclic, a device in at most
// one folder, folder names unique per level.
import { SERVICE_ERROR_CODES } from '../../../shared/errors.js';
import { OAUTH_PROBLEMS } from '../../../shared/oauth/problems.js';
import {
  decodeDevice,
  decodeDevices,
  decodeErrorBody,
  decodeFolder,
  decodeFolders,
  decodeSupportSession,
  decodeSupportSessions,
  decodeUser,
  decodeUsers,
  encodeDevices,
  encodeFolders,
  encodeSupportSessions,
} from '../../../shared/xml/index.js';
import { folderNameKey, type AccountStore } from '../../../service/domain/account-store.js';
import type { FuzzRequest } from './generate.js';

/** Codes each operation may answer with (§4's tables; session create's 1002 is README's choice). */
const CODES: Record<string, readonly number[]> = {
  'folders.show': [1100],
  'folders.list': [1100],
  'folders.create': [1100, 1101, 1000],
  'folders.update': [1100, 1101, 1000],
  'folders.destroy': [1100, 1103],
  'devices.show': [1000],
  'devices.list': [1100],
  'devices.update': [1000, 1001, 1100],
  'sessions.show': [1300],
  'sessions.list': [],
  'sessions.create': [1301, 1302, 1002],
  'sessions.update': [1002, 1300],
  'sessions.destroy': [1300],
  'users.show': [1200],
  'users.current': [],
  'users.list': [],
};

/**
 * Statuses without a code (README: malformed body 400, authentication 400/401, size 413, content type 415
 * on POST/PUT, unknown or read-only field and bad value 422, non-administrator folder create 403, finished
 * session destroy 403, replay memory full 503).
 */
function uncodedAllowed(request: FuzzRequest): number[] {
  if (request.operation === '') return [404, 405, 406];
  const allowed = [400, 401, 503];
  if (request.method === 'POST' || request.method === 'PUT') allowed.push(413, 415, 422);
  if (request.operation === 'folders.create') allowed.push(403);
  if (request.operation === 'sessions.destroy') allowed.push(403);
  return allowed;
}

const SUCCESS: Record<string, number> = { 'folders.create': 201, 'sessions.create': 201 };

const DECODERS: Record<string, (xml: string) => unknown> = {
  'folders.show': decodeFolder,
  'folders.list': decodeFolders,
  'folders.create': decodeFolder,
  'devices.show': decodeDevice,
  'devices.list': decodeDevices,
  'sessions.show': decodeSupportSession,
  'sessions.list': decodeSupportSessions,
  'sessions.create': decodeSupportSession,
  'users.show': decodeUser,
  'users.current': decodeUser,
  'users.list': decodeUsers,
};

export interface Answer {
  status: number;
  body: string;
  location: string | null;
  retryAfter: string | null;
}

/** Why the answer breaks the interface, or null. */
export function answerProblem(request: FuzzRequest, answer: Answer, baseUrl: string): string | null {
  const { status, body } = answer;
  if (status >= 500 && status !== 503) return `status ${status}`;
  const signed = request.who === 'admin' || request.who === 'user';
  if (status >= 200 && status < 300) {
    if (request.operation === '') return `a routing refusal answered ${status}`;
    if (request.malformed) return `a body with ${request.malformed} was accepted (${status})`;
    if (!signed) return `a ${request.who} request was accepted (${status})`;
    if (request.who === 'user' && request.operation === 'folders.create')
      return 'a non-administrator created a folder';
    const expected = SUCCESS[request.operation] ?? 200;
    if (status !== expected) return `success ${status}, expected ${expected}`;
    const decode = DECODERS[request.operation];
    if (decode) {
      try {
        decode(body);
      } catch (error) {
        return `success body not readable by the client: ${(error as Error).message}`;
      }
    } else if (body !== '') return 'an update or destroy answered with a body';
    if (status === 201) {
      const pattern =
        request.operation === 'folders.create'
          ? new RegExp(`^${baseUrl}/folders/\\d+$`)
          : new RegExp(`^${baseUrl}/support_sessions/\\d+\\.xml$`);
      if (!pattern.test(answer.location ?? '')) return `201 with Location ${answer.location}`;
    }
    return null;
  }
  if (status === 503 || status === 429) {
    if (!/^\d+$/.test(answer.retryAfter ?? '')) return `${status} without Retry-After`;
    return null;
  }
  const decoded = decodeErrorBody(body);
  if (!decoded || (decoded.code === undefined && !decoded.problem && !decoded.message))
    return `error ${status} with an unreadable body`;
  if (decoded.problem !== undefined) {
    if (!(OAUTH_PROBLEMS as readonly string[]).includes(decoded.problem))
      return `unknown oauth_problem ${decoded.problem}`;
    if (status !== 400 && status !== 401) return `oauth_problem with status ${status}`;
    return null;
  }
  if (decoded.code !== undefined) {
    const allowed = CODES[request.operation] ?? [];
    if (!allowed.includes(decoded.code))
      return `code ${decoded.code} is not in ${request.operation}'s error table`;
    const spec = (SERVICE_ERROR_CODES as Record<number, { status: number }>)[decoded.code];
    if (spec?.status !== status) return `code ${decoded.code} with status ${status}, §7 says ${spec?.status}`;
    return null;
  }
  if (!uncodedAllowed(request).includes(status))
    return `uncoded ${status} is not allowed for ${request.operation || 'a routing refusal'}`;
  if (
    !signed &&
    request.operation !== '' &&
    status !== 400 &&
    status !== 401 &&
    status !== 415 &&
    status !== 413
  )
    return `a ${request.who} request got past authentication (${status})`;
  return null;
}

/**
 * The account as the service serves it, read through the same encoders the handlers use and the client's
 * decoders: acyclic, each device in at most one (existing) folder, names unique per level and served as
 * stored (nothing stripped on the way out).
 */
export function servedInvariantProblem(store: AccountStore): string | null {
  const internal = store.integrityProblem();
  if (internal) return internal;
  const parents = new Map<string, string | null>();
  const levels: Array<string | null> = [null];
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i] as string | null;
    const stored = store.listFolders(level ?? undefined);
    const served = decodeFolders(encodeFolders(stored));
    const names = new Set<string>();
    for (const [index, folder] of served.entries()) {
      if (folder.name !== stored[index]?.name)
        return `folder ${folder.id} is served as "${folder.name}", stored as "${stored[index]?.name}"`;
      const key = folderNameKey(folder.name);
      if (names.has(key)) return `two folders served as "${folder.name}" under ${level ?? 'root'}`;
      names.add(key);
      if (parents.has(folder.id))
        return `folder ${folder.id} is listed at two levels (a cycle or a duplicate)`;
      if ((folder.parentId ?? null) !== level)
        return `folder ${folder.id} listed under ${level} says parent ${folder.parentId}`;
      parents.set(folder.id, level);
      levels.push(folder.id);
    }
  }
  if (parents.size !== store.summary().folders) return 'a folder is unreachable from root (a cycle)';
  const devices = decodeDevices(encodeDevices(store.listDevices()));
  const inFolder = new Map<string, string>();
  for (const folderId of parents.keys()) {
    for (const device of store.listDevices(folderId)) {
      const other = inFolder.get(device.id);
      if (other !== undefined) return `device ${device.id} is in folders ${other} and ${folderId}`;
      inFolder.set(device.id, folderId);
    }
  }
  const storedDevices = store.listDevices();
  for (const [index, device] of devices.entries()) {
    if ((device.folderId ?? undefined) !== inFolder.get(device.id))
      return `device ${device.id} says folder ${device.folderId}, listed in ${inFolder.get(device.id)}`;
    if (device.alias !== storedDevices[index]?.alias)
      return `device ${device.id}'s alias is served as ${JSON.stringify(device.alias)}, stored as ${JSON.stringify(storedDevices[index]?.alias)}`;
  }
  // Text is served as stored: nothing XML cannot carry was taken in and dropped on the way out.
  const storedSessions = store.listSessions();
  for (const [index, session] of decodeSupportSessions(encodeSupportSessions(storedSessions)).entries()) {
    const stored = storedSessions[index];
    if (session.customer !== stored?.customer || session.customerMail !== stored?.customerMail)
      return `session ${session.id} is served as ${JSON.stringify([session.customer, session.customerMail])}, stored as ${JSON.stringify([stored?.customer, stored?.customerMail])}`;
  }
  return null;
}
