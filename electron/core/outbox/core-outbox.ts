// The outbox inside the application core: one journal per account, the picture kept in step with each
// write (optimistic at once, back to what the technician saw if it fails or is cancelled, the service's
// values in a conflict), and the sync engine told about every write still open, so a poll that started
// before a write settled cannot undo its optimistic change (SyncEngine.beginWrite's contract). After a
// restart the recovered writes are applied to the picture again and held the same way.

import path from 'node:path';
import type { ServiceApi } from '../../../shared/client/api.js';
import type { AppError } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { DataChange, DatasetName, FolderNode } from '../../../shared/ipc/contract.js';
import type { Id, SupportSession } from '../../../shared/model.js';
import type { BulkRequest, OutboxState, OutboxWrite, SeenValues } from '../../../shared/outbox.js';
import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../logger.js';
import type { HeldDataset, Picture } from '../picture.js';
import type { DevicesFeed } from '../devices-feed.js';
import type { DeviceEdit } from '../devices-owner.js';
import { DEVICE_WRITABLE_KEYS } from '../../../shared/device-fields.js';
import { folderNode } from '../picture.js';
import type { SyncEngine } from '../sync-engine.js';
import { stopIfCancelled } from '../cancellations.js';
import { planBulk } from './bulk.js';
import type { OutboxEntry, SettleHow } from './outbox.js';
import { Outbox } from './outbox.js';
import { wanted } from './remote.js';

const STATE_EVENT_MS = 100;

export interface CoreOutboxDeps {
  picture: Picture;
  /**
   * The devices' owner (the poll worker's mirror). `read`: the devices as it holds them now, what a bulk
   * change is planned from (the picture may lag it while a poll's parts are still coming, and a device
   * planned as already where the move puts it gets no PUT). `edit`: where a device write is shown at once
   * and rolled back; the picture holds only digests (picture.ts).
   */
  devices: Pick<DevicesFeed, 'read' | 'edit'>;
  engine: () => SyncEngine | null;
  api: () => ServiceApi | null;
  clock: Clock;
  logger: Logger;
  emitChange: (change: DataChange) => void;
  emitState: (state: OutboxState) => void;
}

export type SubmitOutcome = SettleHow | 'queued';

/** A write's or rollback's values as an edit of the device's writable fields (others are not the writer's). */
function deviceEdit(id: Id, values: SeenValues): DeviceEdit {
  const edit: Record<string, unknown> = { id };
  for (const key of DEVICE_WRITABLE_KEYS) if (key in values) edit[key] = values[key];
  return edit as DeviceEdit;
}

function datasetOf(write: OutboxWrite): DatasetName {
  return write.kind === 'device' ? 'devices' : write.kind === 'session-update' ? 'sessions' : 'folders';
}

export class CoreOutbox {
  readonly #d: CoreOutboxDeps;
  #outbox: Outbox | null = null;
  #opening: Promise<void> | null = null;
  /** The engine's write guard of each open write. */
  readonly #held = new Map<string, () => void>();
  #stateTimer: TimerHandle | null = null;
  /** Bulk changes are planned one after another, each from the owner's devices with the one before in. */
  #planning: Promise<unknown> = Promise.resolve();

  constructor(deps: CoreOutboxDeps) {
    this.#d = deps;
  }

  /** Opens the account's journal (dataDir/accounts/<account>/outbox.jsonl) and resumes what it holds. */
  async open(accountDir: string): Promise<void> {
    await this.close();
    this.#opening = (async () => {
      this.#outbox = await Outbox.open({
        file: path.join(accountDir, 'outbox.jsonl'),
        api: this.#d.api,
        clock: this.#d.clock,
        logger: this.#d.logger,
        hooks: {
          onSettled: (entry, how) => this.#settled(entry, how),
          onRequeued: (entry) => this.#hold(entry),
          onState: () => this.#stateChanged(),
        },
      });
      for (const entry of this.#outbox.pending()) if (entry.state !== 'conflict') this.#hold(entry);
      this.#stateChanged();
    })();
    await this.#opening;
  }

  async close(): Promise<void> {
    // A failed open was thrown to open()'s caller, who reported it; closing only waits for it to end.
    await this.#opening?.catch(() => {});
    for (const end of this.#held.values()) end();
    this.#held.clear();
    await this.#outbox?.close();
    this.#outbox = null;
  }

  /** A new sync engine (sign-in again): it must know about the writes still open too. */
  engineChanged(): void {
    for (const end of this.#held.values()) end();
    const engine = this.#d.engine();
    for (const id of this.#held.keys()) {
      const entry = this.#outbox?.get(id);
      const write = entry?.write;
      const ids = write && 'id' in write ? [write.id] : undefined;
      this.#held.set(id, (write && engine?.beginWrite(datasetOf(write), ids)) ?? noop);
    }
  }

  /** The service answers again (or the account signed in again): send what waits. */
  wake(): void {
    if (this.#outbox?.waiting) this.#outbox.wake();
  }

  state(): OutboxState {
    return this.#outbox?.state() ?? { pending: 0, waiting: null, items: [], conflicts: [], batches: [] };
  }

  /**
   * Records the writes (one fsync), shows them at once, and waits for the service's answers while it is
   * reachable: 'failed' with the service's error (the picture is already back), 'queued' when a write
   * waits for the service, 'conflict' when the technician must choose.
   */
  async submit(
    writes: ReadonlyArray<{ write: OutboxWrite; seen: SeenValues }>,
  ): Promise<Array<{ how: SubmitOutcome; error?: AppError; createdId?: Id }>> {
    const outbox = this.#require();
    const entries = await outbox.enqueue(writes);
    this.#holdMany(entries);
    return Promise.all(
      entries.map(async (entry) => {
        const how = await outbox.outcome(entry.id);
        return {
          how,
          ...(how === 'failed' && entry.error ? { error: entry.error } : {}),
          ...(entry.createdId !== undefined ? { createdId: entry.createdId } : {}),
        };
      }),
    );
  }

  /**
   * Bulk changes are planned one after another, from the owner's devices. `signal`: a start the
   * technician cancelled queues nothing; cancelled while its writes were being journalled, the batch is
   * withdrawn at once (Outbox.cancelBatch): what had not started sending never goes.
   */
  bulk(
    request: BulkRequest,
    signal?: AbortSignal,
  ): Promise<{ batchId: string | null; total: number; unknown: Id[]; unchanged: Id[] }> {
    const planned = this.#planning.then(() => this.#bulk(request, signal));
    this.#planning = planned.catch(() => undefined);
    return planned;
  }

  async #bulk(
    request: BulkRequest,
    signal?: AbortSignal,
  ): Promise<{ batchId: string | null; total: number; unknown: Id[]; unchanged: Id[] }> {
    const outbox = this.#require();
    const ids = request.kind === 'move' ? request.ids : request.items.map((item) => item.id);
    const owned = await this.#d.devices.read(ids);
    const plan = planBulk(request, (id) => owned.get(id));
    if (plan.writes.length === 0)
      return { batchId: null, total: 0, unknown: plan.unknown, unchanged: plan.unchanged };
    if (signal) stopIfCancelled(signal);
    const entries = await outbox.enqueue(plan.writes, { label: plan.label });
    this.#holdMany(entries);
    const batchId = entries[0]?.batchId ?? null;
    if (signal?.aborted && batchId) {
      await outbox.cancelBatch(batchId);
      stopIfCancelled(signal);
    }
    return {
      batchId,
      total: entries.length,
      unknown: plan.unknown,
      unchanged: plan.unchanged,
    };
  }

  get outbox(): Outbox {
    return this.#require();
  }

  // ---- the picture ---------------------------------------------------------------------------------

  #hold(entry: Readonly<OutboxEntry>): void {
    this.#holdMany([entry]);
  }

  /**
   * Applies the writes to the picture (one change per dataset; the devices' through their owner, as it
   * answers) and holds the engine's guard for each.
   */
  #holdMany(entries: ReadonlyArray<Readonly<OutboxEntry>>): void {
    const engine = this.#d.engine();
    const byDataset = new Map<HeldDataset, { puts: object[]; removals: Id[] }>();
    const edits: DeviceEdit[] = [];
    for (const entry of entries) {
      const write = entry.write;
      if (write.kind === 'folder-create') continue;
      const dataset = datasetOf(write);
      if (!this.#held.has(entry.id))
        this.#held.set(entry.id, engine?.beginWrite(dataset, [write.id]) ?? noop);
      if (write.kind === 'device') {
        edits.push(deviceEdit(write.id, wanted(write)));
        continue;
      }
      const held = dataset as HeldDataset;
      const slot = byDataset.get(held) ?? { puts: [], removals: [] };
      byDataset.set(held, slot);
      if (write.kind === 'folder-delete') slot.removals.push(write.id);
      else {
        const record = this.#d.picture.get(held, write.id);
        if (record) slot.puts.push({ ...record, ...wanted(write) });
      }
    }
    this.#editDevices(edits);
    for (const [dataset, { puts, removals }] of byDataset)
      this.#emit(this.#d.picture.apply(dataset, puts as never, removals));
  }

  /**
   * The edits made by the devices' owner, then shown: in the order asked, for the owner answers in order
   * (a write's rollback never overtakes the write).
   */
  #editDevices(edits: readonly DeviceEdit[]): void {
    if (edits.length === 0) return;
    this.#d.devices.edit(edits).then(
      (devices) => this.#emit(this.#d.picture.devicesEdited(devices)),
      (error: unknown) => this.#d.logger.warn('outbox: devices not shown as written', { error }),
    );
  }

  #settled(entry: Readonly<OutboxEntry>, how: SettleHow): void {
    this.#held.get(entry.id)?.();
    this.#held.delete(entry.id);
    const write = entry.write;
    const picture = this.#d.picture;
    if (how === 'done') {
      if (write.kind === 'folder-create' && entry.createdId !== undefined)
        void this.#fetchFolder(entry.createdId);
      return;
    }
    if (write.kind === 'folder-create') return; // nothing was shown before the service had it
    // Failed, cancelled: back to what the technician saw. Conflict (or "take theirs"): the service's values.
    const back = { ...entry.seen, ...(entry.theirs ?? {}) };
    delete back.exists;
    if (write.kind === 'device') {
      this.#editDevices([deviceEdit(write.id, back)]);
      return;
    }
    const dataset = datasetOf(write) as HeldDataset;
    const record = picture.get(dataset, write.id) as FolderNode | SupportSession | undefined;
    if (write.kind === 'folder-delete') {
      if (!record && entry.seen.id !== undefined)
        this.#emit(picture.put('folders', back as unknown as FolderNode));
      return;
    }
    if (record) this.#emit(picture.apply(dataset, [{ ...record, ...back }] as never));
  }

  async #fetchFolder(id: Id): Promise<void> {
    try {
      const api = this.#d.api();
      if (api) this.#emit(this.#d.picture.put('folders', folderNode(await api.getFolder(id))));
    } catch {
      void this.#d.engine()?.refresh(['folders']); // created, not read back: the next refresh brings it
    }
  }

  #emit(change: DataChange | null): void {
    if (change) this.#d.emitChange(change);
  }

  #lastState = '';

  #stateChanged(): void {
    // A bulk run changes state hundreds of times a second: the renderer hears it at most every 100 ms.
    if (this.#stateTimer !== null) return;
    this.#stateTimer = this.#d.clock.setTimeout(() => {
      this.#stateTimer = null;
      // Nothing new, nothing sent: an idle console's event stream stays quiet.
      const state = this.state();
      const text = JSON.stringify(state);
      if (text === this.#lastState) return;
      this.#lastState = text;
      this.#d.emitState(state);
    }, STATE_EVENT_MS);
  }

  #require(): Outbox {
    if (!this.#outbox)
      fail({
        kind: 'not-signed-in',
        message: 'The outbox is not open (signed out).',
        key: 'error.app.outboxClosed',
      });
    return this.#outbox;
  }
}

function noop(): void {}
