// Every change the technician makes: checked against the picture before anything is sent (the same
// errors the service would give, with the field and the counts), applied optimistically with a
// data:change, and rolled back with another when the service refuses. The idempotent ones (device alias and
// folder, folder create/rename/move/delete, session edits) go through the durable outbox (outbox/): shown
// at once, kept while the service is away and sent when it is back. Creates (POST) are not optimistic
// (the id comes from the service) and are never retried: a timeout says the outcome is unknown and
// refreshes the dataset so the technician can see whether it happened. After a create, the new record is
// fetched by its id so the picture carries the service's values (the session code, the creation date).
// Whether a write may go at all (signed in, online for what is never queued) is the write gate's answer,
// asked before these run (write-gate.ts).

import type { ServiceApi } from '../../shared/client/api.js';
import type { AppError } from '../../shared/errors.js';
import { fail, SERVICE_ERROR_CODES, toAppError } from '../../shared/errors.js';
import { writeBlockError } from '../../shared/write-guard.js';
import { plannedTimesError } from '../../shared/session-times.js';
import type {
  BulkMoveResult,
  DataChange,
  DatasetName,
  FolderNode,
  InvokeRequest,
} from '../../shared/ipc/contract.js';
import type { Device, Id, SupportSession } from '../../shared/model.js';
import type { OutboxWrite, SeenValues } from '../../shared/outbox.js';
import type { CoreOutbox, SubmitOutcome } from './outbox/core-outbox.js';
import type { DevicesFeed } from './devices-feed.js';
import type { Picture } from './picture.js';
import type { SyncEngine } from './sync-engine.js';

/** One signed-in account's writes: made when the account is entered, dropped when it is left. */
export interface WritesDeps {
  picture: Picture;
  engine: SyncEngine;
  api: ServiceApi;
  emit: (change: DataChange) => void;
  /** The durable outbox every idempotent write goes through. */
  outbox: CoreOutbox;
  /**
   * The devices' owner (the poll worker's mirror, devices-poller.ts): what a device write checks and
   * records as seen is read there, with every poll committed and every optimistic edit sent before it.
   */
  devices: Pick<DevicesFeed, 'read' | 'countInFolder'>;
}

function serviceLike(code: keyof typeof SERVICE_ERROR_CODES, message: string, field?: string): AppError {
  const known = SERVICE_ERROR_CODES[code];
  const error: AppError = {
    kind: 'validation',
    code,
    httpStatus: known.status,
    resource: known.resource,
    message,
  };
  if (field) error.field = field;
  return error;
}

export class Writes {
  readonly #d: WritesDeps;
  constructor(deps: WritesDeps) {
    this.#d = deps;
  }

  // ---- devices ---------------------------------------------------------------------------------------

  async setAlias({ id, alias }: InvokeRequest<'devices:set-alias'>): Promise<void> {
    const device = await this.#device(id);
    await this.#queued({ kind: 'device', id, alias }, { alias: device.alias });
  }

  async moveDevices({ ids, folderId }: InvokeRequest<'devices:move'>): Promise<BulkMoveResult> {
    if (folderId !== null) this.#folder(folderId);
    const unique = [...new Set(ids)];
    const owned = await this.#d.devices.read(unique);
    const failed: BulkMoveResult['failed'] = [];
    const moved: Id[] = [];
    const targets: Device[] = [];
    for (const id of unique) {
      const device = owned.get(id);
      if (!device) failed.push({ id, error: serviceLike(1000, 'This device is no longer in the account.') });
      else if (device.folderId === folderId)
        moved.push(id); // already there: nothing to send
      else targets.push(device);
    }
    if (targets.length === 0) return { moved, failed };
    // Through the outbox, 4 at a time, one fsync for the whole list.
    const results = await this.#d.outbox.submit(
      targets.map((d) => ({ write: { kind: 'device', id: d.id, folderId }, seen: { folderId: d.folderId } })),
    );
    results.forEach((result, index) => {
      const device = targets[index] as Device;
      // Queued (offline) or waiting for a choice counts as moved: the picture shows it, the outbox keeps it.
      if (result.how === 'failed' && result.error) failed.push({ id: device.id, error: result.error });
      else if (result.how !== 'cancelled') moved.push(device.id);
    });
    return { moved, failed };
  }

  // ---- folders ---------------------------------------------------------------------------------------

  /** Through the outbox: a retry first looks for the folder under its parent (outbox/remote.ts). */
  async createFolder({ name, parentId }: InvokeRequest<'folders:create'>): Promise<{ id: Id | null }> {
    if (parentId !== null) this.#folder(parentId);
    this.#uniqueName(name, parentId, null);
    const result = await this.#queued({ kind: 'folder-create', name, parentId }, {});
    return { id: result.createdId ?? null };
  }

  async renameFolder({ id, name }: InvokeRequest<'folders:rename'>): Promise<void> {
    const folder = this.#folder(id);
    if (folder.name === name) return;
    this.#uniqueName(name, folder.parentId, id);
    await this.#queued({ kind: 'folder-update', id, name }, { name: folder.name });
  }

  async moveFolder({ id, parentId }: InvokeRequest<'folders:move'>): Promise<void> {
    const folder = this.#folder(id);
    if (folder.parentId === parentId) return;
    if (parentId !== null) {
      this.#folder(parentId);
      for (
        let at: Id | null = parentId;
        at !== null;
        at = this.#d.picture.get('folders', at)?.parentId ?? null
      ) {
        if (at === id)
          fail({
            kind: 'validation',
            field: 'parentId',
            key: 'error.app.folderIntoItself',
            message: 'A folder cannot be moved into itself or one of its sub-folders.',
          });
      }
    }
    this.#uniqueName(folder.name, parentId, id);
    // The service requires the name on every update; devices and folders are left out so they stay.
    await this.#queued(
      { kind: 'folder-update', id, name: folder.name, parentId },
      { name: folder.name, parentId: folder.parentId },
    );
  }

  async deleteFolder({ id }: InvokeRequest<'folders:delete'>): Promise<void> {
    const folder = this.#folder(id);
    const devices = await this.#d.devices.countInFolder(id);
    let folders = 0;
    for (const child of this.#d.picture.maps.folders.values()) if (child.parentId === id) folders += 1;
    if (devices + folders > 0) {
      const parts = [
        devices > 0 ? `${devices} device${devices === 1 ? '' : 's'}` : '',
        folders > 0 ? `${folders} sub-folder${folders === 1 ? '' : 's'}` : '',
      ].filter(Boolean);
      fail({
        ...serviceLike(
          1103,
          `The folder "${folder.name}" is not empty: move its ${parts.join(' and ')} first.`,
        ),
        key: 'error.app.folderNotEmpty',
        values: { name: folder.name, devices, folders },
      });
    }
    // The whole folder is what was seen: a failed or cancelled delete puts it back.
    await this.#queued({ kind: 'folder-delete', id }, { ...folder });
  }

  // ---- sessions --------------------------------------------------------------------------------------

  async createSession(input: InvokeRequest<'sessions:create'>): Promise<{ id: Id }> {
    this.#checkTimes(input.plannedInitTime, input.plannedEndTime);
    const id = await this.#create('sessions', () => this.#d.api.createSession(input));
    await this.#fetchCreated('sessions', () => this.#d.api.getSession(id));
    return { id };
  }

  async updateSession({ id, ...update }: InvokeRequest<'sessions:update'>): Promise<void> {
    const session = this.#session(id);
    if (session.state === 'finished') {
      fail({
        kind: 'validation',
        code: 1002,
        resource: 'support_session',
        key: 'error.app.sessionFinished',
        message: 'This session has finished; it can no longer be changed.',
      });
    }
    // A cleared end (null) has nothing to be checked against the start.
    this.#checkTimes(
      update.plannedInitTime ?? session.plannedInitTime ?? undefined,
      update.plannedEndTime ?? undefined,
    );
    // The service does not keep a customer that is not supplied (§4.2): always send the current one.
    // null for plannedEndTime clears it: the picture shows no end at once, a rollback restores the old one.
    const body = { ...update, customer: update.customer ?? session.customer ?? undefined };
    const seen: SeenValues = {};
    for (const [field, value] of Object.entries(body))
      if (value !== undefined) seen[field] = session[field as keyof SupportSession];
    await this.#queued({ kind: 'session-update', id, update: body }, seen);
  }

  async deleteSession({ id }: InvokeRequest<'sessions:delete'>): Promise<void> {
    const session = this.#session(id);
    if (session.state === 'finished') {
      fail({
        kind: 'validation',
        resource: 'support_session',
        key: 'error.app.sessionFinishedDelete',
        message:
          'A finished session cannot be deleted: the service keeps it as the record of the support given.',
      });
    }
    await this.#optimistic('sessions', [], [id], [session], () => this.#d.api.deleteSession(id));
  }

  // ---- helpers ---------------------------------------------------------------------------------------

  /** Through the outbox: shown at once, answered while the service is reachable, kept while it is not. */
  async #queued(write: OutboxWrite, seen: SeenValues): Promise<{ how: SubmitOutcome; createdId?: Id }> {
    const [result] = await this.#d.outbox.submit([{ write, seen }]);
    if (!result) fail(writeBlockError('signed-out', null));
    if (result.how === 'failed' && result.error) {
      this.#d.engine.observeError(result.error);
      fail(result.error);
    }
    return result;
  }

  #emit(change: DataChange | null): void {
    if (change) this.#d.emit(change);
  }

  async #optimistic<D extends 'folders' | 'sessions'>(
    dataset: D,
    puts: Parameters<Picture['apply']>[1] & unknown[],
    removals: Id[],
    previous: Parameters<Picture['apply']>[1] & unknown[],
    send: () => Promise<void>,
  ): Promise<void> {
    const picture = this.#d.picture;
    const ids = [...(puts as Array<{ id: Id }>).map((r) => r.id), ...removals];
    const end = this.#d.engine.beginWrite(dataset, ids);
    try {
      this.#emit(picture.apply(dataset, puts as never, removals));
      try {
        await send();
      } catch (caught) {
        const error = toAppError(caught);
        this.#d.engine.observeError(error);
        // Back to what it was: the records as before, and the ones this write added taken out again.
        const prior = new Set(previous.map((r) => (r as { id: Id }).id));
        const added = (puts as Array<{ id: Id }>).map((r) => r.id).filter((x) => !prior.has(x));
        this.#emit(picture.apply(dataset, previous as never, added));
        fail(error);
      }
    } finally {
      end();
    }
  }

  async #create(dataset: DatasetName, send: () => Promise<Id>): Promise<Id> {
    try {
      return await send();
    } catch (caught) {
      const error = toAppError(caught);
      this.#d.engine.observeError(error);
      if (error.kind === 'timeout' || error.kind === 'network' || error.outcomeUnknown) {
        // It may have been created: let the technician see before trying again (never retried here).
        void this.#d.engine.refresh([dataset]);
        fail({
          ...error,
          retryable: false,
          outcomeUnknown: true,
          key: 'error.app.createOutcomeUnknown',
          message:
            'No answer from the service in time: it may or may not have been created. ' +
            'Check the list (it is being refreshed) before trying again.',
        });
      }
      fail(error);
    }
  }

  async #fetchCreated<D extends 'folders' | 'sessions'>(
    dataset: D,
    get: () => Promise<D extends 'folders' ? FolderNode : SupportSession>,
  ): Promise<void> {
    try {
      this.#emit(this.#d.picture.put(dataset, (await get()) as never));
    } catch {
      // Created, but not read back: the next refresh brings it.
      void this.#d.engine.refresh([dataset]);
    }
  }

  async #device(id: Id): Promise<Device> {
    const device = (await this.#d.devices.read([id])).get(id);
    return device ?? fail(serviceLike(1000, 'This device is no longer in the account.'));
  }

  #folder(id: Id): FolderNode {
    return this.#d.picture.get('folders', id) ?? fail(serviceLike(1100, 'This folder no longer exists.'));
  }

  #session(id: Id): SupportSession {
    return (
      this.#d.picture.get('sessions', id) ?? fail(serviceLike(1300, 'This support session no longer exists.'))
    );
  }

  #uniqueName(name: string, parentId: Id | null, self: Id | null): void {
    for (const folder of this.#d.picture.maps.folders.values()) {
      if (folder.id !== self && folder.parentId === parentId && folder.name === name) {
        fail(
          serviceLike(
            1101,
            `A folder named "${name}" already exists ${parentId === null ? 'at the top level' : 'in that folder'}. Choose another name.`,
            'name',
          ),
        );
      }
    }
  }

  #checkTimes(init: string | undefined, end: string | undefined): void {
    const refused = plannedTimesError(init, end);
    if (refused) fail({ ...refused });
  }
}
