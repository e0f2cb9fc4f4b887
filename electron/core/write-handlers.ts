// The technician's changes to devices, folders and sessions (the write channels), handed to the signed-in
// account's Writes; refused while signed out.

import { fail } from '../../shared/errors.js';
import type { InvokeChannel, InvokeHandlers } from '../../shared/ipc/contract.js';
import { writeBlockError } from '../../shared/write-guard.js';
import type { Writes } from './writes.js';

/** The write service: every `devices:`, `folders:` and `sessions:` call of the contract (the compiler asks for each). */
type WriteChannels = Extract<InvokeChannel, `devices:${string}` | `folders:${string}` | `sessions:${string}`>;

export function writeHandlers(
  current: () => Writes | null,
  opened: () => Promise<void>,
): Pick<InvokeHandlers, WriteChannels> {
  // An account still opening (first screen shown, the rest loading) takes writes once it is open.
  const writes = async (): Promise<Writes> => {
    await opened();
    return current() ?? fail(writeBlockError('signed-out', null));
  };
  return {
    'devices:set-alias': (p) => writes().then((w) => w.setAlias(p)),
    'devices:move': (p) => writes().then((w) => w.moveDevices(p)),
    'folders:create': (p) => writes().then((w) => w.createFolder(p)),
    'folders:rename': (p) => writes().then((w) => w.renameFolder(p)),
    'folders:move': (p) => writes().then((w) => w.moveFolder(p)),
    'folders:delete': (p) => writes().then((w) => w.deleteFolder(p)),
    'sessions:create': (p) => writes().then((w) => w.createSession(p)),
    'sessions:update': (p) => writes().then((w) => w.updateSession(p)),
    'sessions:delete': (p) => writes().then((w) => w.deleteSession(p)),
  };
}
