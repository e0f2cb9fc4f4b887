// Every change the technician makes: checked against the picture before anything is sent (the same
// errors the service would give, with the field and the counts), applied optimistically with a
// data:change, and rolled back with another when the service refuses. Creates (POST) are not optimistic
// (the id comes from the service) and are never retried: a timeout says the outcome is unknown and
// refreshes the dataset so the technician can see whether it happened. After a create, the new record is
// fetched by its id so the picture carries the service's values (the session code, the creation date).

import type { ServiceApi } from '../../shared/client/api.js';
import type { AppError } from '../../shared/errors.js';
import { SERVICE_ERROR_CODES } from '../../shared/errors.js';
import type {
  BulkMoveResult,
  DataChange,
  DatasetName,
  FolderNode,
  InvokeRequest,
} from '../../shared/ipc/contract.js';
import { toAppError } from '../../shared/ipc/dispatch.js';
import type { Device, Id, SupportSession } from '../../shared/model.js';
import { mapSettled } from './concurrency.js';
import type { Picture } from './picture.js';
import { folderNode } from './picture.js';
import type { SyncEngine } from './sync-engine.js';

export const WRITE_CONCURRENCY = 4;

export interface WritesDeps {
  picture: Picture;
  engine: () => SyncEngine | null;
  api: () => ServiceApi;
  /** Throws the AppError that forbids writing now (signed out, re-auth required, offline). */
  ensureWritable: () => void;
  emit: (change: DataChange) => void;
}

export class AppErrorThrown extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
  toAppError(): AppError {
    return this.appError;
  }
}

function fail(error: AppError): never {
  throw new AppErrorThrown(error);
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
    this.#d.ensureWritable();
    const device = this.#device(id);
    await this.#optimistic('devices', [{ ...device, alias: alias === '' ? null : alias }], [], [device], () =>
      this.#d.api().updateDevice(id, { alias }),
    );
  }

  async moveDevices({ ids, folderId }: InvokeRequest<'devices:move'>): Promise<BulkMoveResult> {
    this.#d.ensureWritable();
    if (folderId !== null) this.#folder(folderId);
    const picture = this.#d.picture;
    const failed: BulkMoveResult['failed'] = [];
    const moved: Id[] = [];
    const targets: Device[] = [];
    for (const id of new Set(ids)) {
      const device = picture.get('devices', id);
      if (!device) failed.push({ id, error: serviceLike(1000, 'This device is no longer in the account.') });
      else if (device.folderId === folderId)
        moved.push(id); // already there: nothing to send
      else targets.push(device);
    }
    if (targets.length === 0) return { moved, failed };

    const end = this.#d.engine()?.beginWrite('devices');
    try {
      this.#emit(
        picture.apply(
          'devices',
          targets.map((d) => ({ ...d, folderId })),
        ),
      );
      const results = await mapSettled(targets, WRITE_CONCURRENCY, (device) =>
        this.#d.api().updateDevice(device.id, { folderId }),
      );
      const rollback: Device[] = [];
      results.forEach((result, index) => {
        const device = targets[index] as Device;
        if (result.status === 'fulfilled') moved.push(device.id);
        else {
          const error = toAppError(result.reason);
          this.#d.engine()?.observeError(error);
          failed.push({ id: device.id, error });
          rollback.push(device);
        }
      });
      this.#emit(picture.apply('devices', rollback));
      return { moved, failed };
    } finally {
      end?.();
    }
  }

  // ---- folders ---------------------------------------------------------------------------------------

  async createFolder({ name, parentId }: InvokeRequest<'folders:create'>): Promise<{ id: Id }> {
    this.#d.ensureWritable();
    if (parentId !== null) this.#folder(parentId);
    this.#uniqueName(name, parentId, null);
    const id = await this.#create('folders', () =>
      this.#d.api().createFolder({ name, parentId }, { parentInPath: parentId !== null }),
    );
    await this.#fetchCreated('folders', async () => folderNode(await this.#d.api().getFolder(id)));
    return { id };
  }

  async renameFolder({ id, name }: InvokeRequest<'folders:rename'>): Promise<void> {
    this.#d.ensureWritable();
    const folder = this.#folder(id);
    if (folder.name === name) return;
    this.#uniqueName(name, folder.parentId, id);
    await this.#optimistic('folders', [{ ...folder, name }], [], [folder], () =>
      this.#d.api().updateFolder(id, { name }),
    );
  }

  async moveFolder({ id, parentId }: InvokeRequest<'folders:move'>): Promise<void> {
    this.#d.ensureWritable();
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
    await this.#optimistic('folders', [{ ...folder, parentId }], [], [folder], () =>
      this.#d.api().updateFolder(id, { name: folder.name, parentId }),
    );
  }

  async deleteFolder({ id }: InvokeRequest<'folders:delete'>): Promise<void> {
    this.#d.ensureWritable();
    const folder = this.#folder(id);
    let devices = 0;
    for (const device of this.#d.picture.maps.devices.values()) if (device.folderId === id) devices += 1;
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
    await this.#optimistic('folders', [], [id], [folder], () => this.#d.api().deleteFolder(id));
  }

  // ---- sessions --------------------------------------------------------------------------------------

  async createSession(input: InvokeRequest<'sessions:create'>): Promise<{ id: Id }> {
    this.#d.ensureWritable();
    this.#checkTimes(input.plannedInitTime, input.plannedEndTime);
    const id = await this.#create('sessions', () => this.#d.api().createSession(input));
    await this.#fetchCreated('sessions', () => this.#d.api().getSession(id));
    return { id };
  }

  async updateSession({ id, ...update }: InvokeRequest<'sessions:update'>): Promise<void> {
    this.#d.ensureWritable();
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
    const next: SupportSession = { ...session };
    if (update.customer !== undefined) next.customer = update.customer;
    if (update.customerMail !== undefined) next.customerMail = update.customerMail;
    if (update.language !== undefined) next.language = update.language;
    if (update.plannedInitTime !== undefined) next.plannedInitTime = update.plannedInitTime;
    // null clears it: the picture shows no end at once, and the rollback restores the old one.
    if (update.plannedEndTime !== undefined) next.plannedEndTime = update.plannedEndTime;
    // The service does not keep a customer that is not supplied (§4.2): always send the current one.
    const body = { ...update, customer: update.customer ?? session.customer ?? undefined };
    await this.#optimistic('sessions', [next], [], [session], () => this.#d.api().updateSession(id, body));
  }

  async deleteSession({ id }: InvokeRequest<'sessions:delete'>): Promise<void> {
    this.#d.ensureWritable();
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
    await this.#optimistic('sessions', [], [id], [session], () => this.#d.api().deleteSession(id));
  }

  // ---- helpers ---------------------------------------------------------------------------------------

  #emit(change: DataChange | null): void {
    if (change) this.#d.emit(change);
  }

  async #optimistic<D extends 'devices' | 'folders' | 'sessions'>(
    dataset: D,
    puts: Parameters<Picture['apply']>[1] & unknown[],
    removals: Id[],
    previous: Parameters<Picture['apply']>[1] & unknown[],
    send: () => Promise<void>,
  ): Promise<void> {
    const picture = this.#d.picture;
    const end = this.#d.engine()?.beginWrite(dataset);
    try {
      this.#emit(picture.apply(dataset, puts as never, removals));
      try {
        await send();
      } catch (caught) {
        const error = toAppError(caught);
        this.#d.engine()?.observeError(error);
        // Back to what it was: the records as before, and the ones this write added taken out again.
        const prior = new Set(previous.map((r) => (r as { id: Id }).id));
        const added = (puts as Array<{ id: Id }>).map((r) => r.id).filter((x) => !prior.has(x));
        this.#emit(picture.apply(dataset, previous as never, added));
        fail(error);
      }
    } finally {
      end?.();
    }
  }

  async #create(dataset: DatasetName, send: () => Promise<Id>): Promise<Id> {
    try {
      return await send();
    } catch (caught) {
      const error = toAppError(caught);
      this.#d.engine()?.observeError(error);
      if (error.kind === 'timeout' || error.kind === 'network' || error.outcomeUnknown) {
        // It may have been created: let the technician see before trying again (never retried here).
        void this.#d.engine()?.refresh([dataset]);
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
      void this.#d.engine()?.refresh([dataset]);
    }
  }

  #device(id: Id): Device {
    return (
      this.#d.picture.get('devices', id) ??
      fail(serviceLike(1000, 'This device is no longer in the account.'))
    );
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
    if (init && end && Date.parse(end) <= Date.parse(init)) {
      fail({
        kind: 'validation',
        field: 'plannedEndTime',
        key: 'error.app.endBeforeStart',
        message: 'The planned end must be after the planned start.',
      });
    }
  }
}
