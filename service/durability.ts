// What makes a change durable before it is acknowledged: the store, the outbox and the provider report
// their changes here; `commit()` writes one journal line holding the current records of everything
// changed since the last commit, fsync'd. The HTTP layer commits before it sends any answer, so a 201 is
// never sent for a change that is not on disk; changes made outside a request (the simulator, a control
// call) are committed on the next turn of the event loop. Records are captured at commit time, between
// two synchronous mutations, so a line always describes a consistent account.
import type { Id } from '../shared/model.js';
import type { AccountStore, ChangeEvent, ChangeKind } from './domain/account-store.js';
import type { Outbox, OutboxChange, OutboxMessage } from './domain/outbox.js';
import type { Journal, JournalEntry } from './journal.js';

export class ChangeJournal {
  private readonly dirty: Record<ChangeKind, Set<Id>> = {
    folders: new Set(),
    devices: new Set(),
    sessions: new Set(),
  };
  private outboxAdded: OutboxMessage[] = [];
  private outboxCleared = false;
  private oauthDirty = false;
  private scheduled: NodeJS.Immediate | null = null;

  constructor(
    private readonly journal: Journal,
    private readonly store: AccountStore,
    private readonly outbox: Outbox,
    private readonly oauthSnapshot: () => unknown,
    private readonly onError: (error: Error) => void,
  ) {}

  accountChanged(event: ChangeEvent): void {
    for (const id of event.ids) this.dirty[event.kind].add(id);
    this.schedule();
  }

  outboxChanged(change: OutboxChange): void {
    if ('cleared' in change) {
      this.outboxCleared = true;
      this.outboxAdded = [];
    } else {
      this.outboxAdded.push(change.added);
    }
    this.schedule();
  }

  oauthChanged(): void {
    this.oauthDirty = true;
    this.schedule();
  }

  get pending(): boolean {
    return (
      this.dirty.folders.size + this.dirty.devices.size + this.dirty.sessions.size > 0 ||
      this.outboxAdded.length > 0 ||
      this.outboxCleared ||
      this.oauthDirty
    );
  }

  /** Writes what changed since the last commit (nothing when nothing did); throws when it cannot. */
  commit(): void {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
    }
    if (!this.pending) return;
    const entry: JournalEntry = {};
    let accountChanged = false;
    for (const kind of ['folders', 'devices', 'sessions'] as const) {
      if (this.dirty[kind].size === 0) continue;
      (entry as Record<ChangeKind, unknown>)[kind] = this.store.records(kind, this.dirty[kind]);
      accountChanged = true;
    }
    if (accountChanged) entry.nextId = this.store.nextIds();
    if (this.outboxAdded.length > 0 || this.outboxCleared) {
      entry.outbox = {
        added: this.outboxAdded,
        nextId: this.outbox.nextMessageId,
        ...(this.outboxCleared ? { cleared: true as const } : {}),
      };
    }
    if (this.oauthDirty) entry.oauth = this.oauthSnapshot();
    // Only once the line is on disk are the changes forgotten: a failed write is tried again.
    this.journal.append(entry);
    for (const kind of ['folders', 'devices', 'sessions'] as const) this.dirty[kind].clear();
    this.outboxAdded = [];
    this.outboxCleared = false;
    this.oauthDirty = false;
  }

  private schedule(): void {
    this.scheduled ??= setImmediate(() => {
      this.scheduled = null;
      try {
        this.commit();
      } catch (error) {
        this.onError(error as Error);
      }
    });
  }
}
