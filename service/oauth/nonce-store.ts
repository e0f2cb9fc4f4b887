// Remembers (consumer, token, timestamp, nonce) so a captured request cannot be replayed. Entries whose
// timestamp has left the acceptance window are dropped: such a request is refused for its timestamp
// before the nonce is ever looked at, so remembering it longer would only cost memory.

export class NonceStore {
  private readonly seen = new Map<string, number>();
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowSeconds: number) {}

  private static key(consumerKey: string, token: string, timestamp: number, nonce: string): string {
    // Field separators that cannot occur unescaped inside a decoded OAuth value are not available (any
    // character can), so lengths are part of the key: "a|bc" and "ab|c" stay distinct.
    return [consumerKey, token, String(timestamp), nonce].map((part) => `${part.length}:${part}`).join('|');
  }

  has(consumerKey: string, token: string, timestamp: number, nonce: string): boolean {
    return this.seen.has(NonceStore.key(consumerKey, token, timestamp, nonce));
  }

  add(consumerKey: string, token: string, timestamp: number, nonce: string, nowSeconds: number): void {
    this.prune(nowSeconds);
    this.seen.set(NonceStore.key(consumerKey, token, timestamp, nonce), timestamp);
  }

  get size(): number {
    return this.seen.size;
  }

  /** At most once a minute: a full sweep is O(entries), and entries live ~20 minutes at most. */
  prune(nowSeconds: number): void {
    if (nowSeconds - this.lastPrune < 60) return;
    this.lastPrune = nowSeconds;
    const oldest = nowSeconds - this.windowSeconds;
    for (const [key, timestamp] of this.seen) {
      if (timestamp < oldest) this.seen.delete(key);
    }
  }
}
