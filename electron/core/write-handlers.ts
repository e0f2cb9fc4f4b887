// The technician's changes to devices, folders and sessions (the write services), handed to the signed-in
// account's Writes once the write gate lets them through.

import { fail } from '../../shared/errors.js';
import type { ServiceHandlers } from '../../shared/ipc/services.js';
import type { WriteKind } from '../../shared/write-guard.js';
import { writeBlockError } from '../../shared/write-guard.js';
import type { WriteGate } from './write-gate.js';
import type { Writes } from './writes.js';

export function writeHandlers(
  current: () => Writes | null,
  opened: () => Promise<void>,
  gate: WriteGate,
): ServiceHandlers<'devices' | 'folders' | 'sessions'> {
  // An account still opening (first screen shown, the rest loading) takes writes once it is open.
  const writes = async (kind: WriteKind = 'queued'): Promise<Writes> => {
    await opened();
    const w = current() ?? fail(writeBlockError('signed-out', null));
    gate(kind);
    return w;
  };
  return {
    'devices:set-alias': (p) => writes().then((w) => w.setAlias(p)),
    'devices:move': (p) => writes().then((w) => w.moveDevices(p)),
    'folders:create': (p) => writes().then((w) => w.createFolder(p)),
    'folders:rename': (p) => writes().then((w) => w.renameFolder(p)),
    'folders:move': (p) => writes().then((w) => w.moveFolder(p)),
    'folders:delete': (p) => writes().then((w) => w.deleteFolder(p)),
    // Never queued: refused offline, so a customer is never invited twice.
    'sessions:create': (p) => writes('direct').then((w) => w.createSession(p)),
    'sessions:update': (p) => writes().then((w) => w.updateSession(p)),
    'sessions:delete': (p) => writes('direct').then((w) => w.deleteSession(p)),
  };
}
