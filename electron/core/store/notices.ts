// Where the store says that a file was kept aside, beyond the log: the core that owns the data directory
// listens (cache-keeper.ts) and shows the sentence in the sync state's notice, which the renderer shows
// as a banner. Listeners filter by their data directory: tests run several cores in one process.

/** What a store says when it kept a file aside (stored-file.ts announces it). */
export interface StoreNotice {
  /** The file that could not be used. */
  file: string;
  /** Where it was kept aside (null: it could not be moved, or could not be read at all). */
  keptAs: string | null;
  /** What was wrong, without any of the file's content. */
  reason: string;
  /** One sentence for the technician. */
  message: string;
}

type Listener = (notice: StoreNotice) => void;

const listeners = new Set<Listener>();

/** Returns the unsubscribe. */
export function onStoreNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceStoreNotice(notice: StoreNotice): void {
  for (const listener of listeners) {
    try {
      listener(notice);
    } catch {
      // A listener's failure must not turn a kept-aside file into a crash; the notice is logged already.
    }
  }
}
