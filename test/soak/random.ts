// The soak's one source of chance: a seeded PRNG (mulberry32), so a seed names a whole run. Every choice —
// the fault schedule, the technician's next write, which devices a bulk move takes — is drawn from one of
// these, split from the run's seed, and nothing in the soak calls Math.random.

export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** `count` distinct items, in a seeded order (a partial Fisher-Yates shuffle of a copy). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** An independent stream for one part of the run, so one part's draws never shift another's. */
  split(label: string): Random {
    let h = this.#state ^ 0x9e3779b9;
    for (const c of label) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
    return new Random(h >>> 0);
  }
}
