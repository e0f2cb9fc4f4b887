// Remembers (consumer, token, timestamp, nonce) so a captured request cannot be replayed (spec §8: a
// nonce must not repeat with the same timestamp).
//
// Bounded by the timestamp window: entries are kept in buckets by the request's own oauth_timestamp (not
// by when the service saw it), and a bucket is dropped as soon as its timestamp leaves the acceptance
// window — such a request is refused for its timestamp before its nonce is looked at, so remembering it
// longer would only cost memory. Each entry is a 128-bit digest of the other three fields (about 70 bytes
// in memory instead of the several hundred of the raw strings), and the store holds at most `maxEntries`:
// past that, new requests are refused (the provider answers 503 with Retry-After) rather than the
// service growing without end or forgetting nonces early, which would re-open replays.
import { createHash } from 'node:crypto';

export interface NonceStoreOptions {
  /** Accepted clock difference in seconds, as the provider's. */
  windowSeconds: number;
  /** Most entries held at once (default 1,000,000: about 70 MB). */
  maxEntries?: number;
  /** Called for each entry added (the service appends it to its nonce file). */
  onAdd?: (timestamp: number, key: string) => void;
}

export const DEFAULT_MAX_NONCES = 1_000_000;

export class NonceStore {
  /** oauth_timestamp (seconds) → digests of (consumer, token, nonce) seen with it. */
  private readonly buckets = new Map<number, Set<string>>();
  private count = 0;
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly windowSeconds: number;
  private readonly maxEntries: number;
  private readonly onAdd: ((timestamp: number, key: string) => void) | undefined;

  constructor(options: NonceStoreOptions) {
    this.windowSeconds = options.windowSeconds;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_NONCES;
    this.onAdd = options.onAdd;
  }

  /** The entry's key: a digest, so its size does not depend on what the client sent. */
  static key(consumerKey: string, token: string, nonce: string): string {
    // Lengths are part of the digested text: "a|bc" and "ab|c" stay distinct.
    const text = [consumerKey, token, nonce].map((part) => `${part.length}:${part}`).join('|');
    return createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 22);
  }

  /** Whether this nonce was seen with this oauth_timestamp. */
  has(consumerKey: string, token: string, timestamp: number, nonce: string): boolean {
    return this.buckets.get(timestamp)?.has(NonceStore.key(consumerKey, token, nonce)) ?? false;
  }

  /** True when no room is left once entries outside the window are dropped. */
  isFull(nowSeconds: number): boolean {
    this.prune(nowSeconds);
    return this.count >= this.maxEntries;
  }

  /** Seconds until the oldest timestamp leaves the window (what a refused client should wait). */
  secondsUntilRoom(nowSeconds: number): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const timestamp of this.buckets.keys()) oldest = Math.min(oldest, timestamp);
    if (!Number.isFinite(oldest)) return 1;
    return Math.max(1, oldest + this.windowSeconds - nowSeconds + 1);
  }

  add(consumerKey: string, token: string, timestamp: number, nonce: string, nowSeconds: number): void {
    this.prune(nowSeconds);
    const key = NonceStore.key(consumerKey, token, nonce);
    if (this.insert(timestamp, key)) this.onAdd?.(timestamp, key);
  }

  /** Entries read back from the nonce file: those still inside the window are kept. */
  restore(entries: Iterable<readonly [number, string]>, nowSeconds: number): void {
    for (const [timestamp, key] of entries) {
      if (Math.abs(timestamp - nowSeconds) <= this.windowSeconds) this.insert(timestamp, key);
    }
  }

  /** Every entry held, for rewriting the nonce file. */
  *entries(): Generator<readonly [number, string]> {
    for (const [timestamp, keys] of this.buckets) for (const key of keys) yield [timestamp, key];
  }

  get size(): number {
    return this.count;
  }

  private insert(timestamp: number, key: string): boolean {
    let bucket = this.buckets.get(timestamp);
    if (!bucket) this.buckets.set(timestamp, (bucket = new Set()));
    if (bucket.has(key)) return false;
    bucket.add(key);
    this.count += 1;
    return true;
  }

  /** Drops the buckets whose timestamp left the window; at most once per second of the clock. */
  prune(nowSeconds: number): void {
    if (nowSeconds === this.prunedAt) return;
    this.prunedAt = nowSeconds;
    const oldest = nowSeconds - this.windowSeconds;
    for (const [timestamp, keys] of this.buckets) {
      if (timestamp >= oldest) continue;
      this.count -= keys.size;
      this.buckets.delete(timestamp);
    }
  }
}
