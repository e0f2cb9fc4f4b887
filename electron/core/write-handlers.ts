// The technician's changes to devices, folders and sessions (the write channels), handed to the signed-in
// account's Writes; refused while signed out.

import { fail } from '../../shared/errors.js';
import type { InvokeHandlers } from '../../shared/ipc/contract.js';
import { writeBlockError } from '../../shared/write-guard.js';
import type { Writes } from './writes.js';

type WriteChannels =
  | 'devices:set-alias'
  | 'devices:move'
  | 'folders:create'
  | 'folders:rename'
  | 'folders:move'
  | 'folders:delete'
  | 'sessions:create'
  | 'sessions:update'
  | 'sessions:delete';

export function writeHandlers(current: () => Writes | null): Pick<InvokeHandlers, WriteChannels> {
  const writes = (): Writes => current() ?? fail(writeBlockError('signed-out', null));
  return {
    'devices:set-alias': (p) => writes().setAlias(p),
    'devices:move': (p) => writes().moveDevices(p),
    'folders:create': (p) => writes().createFolder(p),
    'folders:rename': (p) => writes().renameFolder(p),
    'folders:move': (p) => writes().moveFolder(p),
    'folders:delete': (p) => writes().deleteFolder(p),
    'sessions:create': (p) => writes().createSession(p),
    'sessions:update': (p) => writes().updateSession(p),
    'sessions:delete': (p) => writes().deleteSession(p),
  };
}
