// The devices' search texts joined a chunk of slots at a time, so that a search finds the devices holding
// a word with one indexOf pass per chunk instead of one call per device.
//
// Why: a keystroke in the search box tests every device. At 300,000 devices one `text.includes(needle)`
// per device cost ~30 ms in Node and ~50 ms in the page, however selective the word: the calls themselves,
// not the characters. A needle begins with a space (where a word begins), and looking for that space
// first stops at every word; so the word is looked for without it and the character before each find is
// checked, which lets the string search skip ahead on the word's first letter. A find tells a chunk's
// slot by its start offset; the slots found are only candidates, each still tested in full by the caller.
//
// The device index (device-index.ts) owns the texts: it says which slots changed (`dirty`), builds a chunk
// again from its slots' texts before the chunk is searched or in idle time, and keeps each entry's text as
// a slice of its chunk, so the characters are held once.

/** Slots per chunk: a chunk is built again in well under a millisecond after one of its devices changed. */
export const SEARCH_CHUNK = 512;

/** The most characters of a word looked for at once (see `mark`). */
const PROBE_LENGTH = 6;

/** Between two slots' texts: a character no needle holds, so no find spans two devices. */
const SLOT_SEP = '\u0002';

interface Chunk {
  hay: string;
  /** Where each slot's text begins in `hay`. */
  starts: Int32Array;
}

export class SearchHaystack {
  readonly chunkSize: number;
  /** By chunk; null (or missing) where it must be built before it is searched. */
  #chunks: Array<Chunk | null> = [];

  constructor(chunkSize = SEARCH_CHUNK) {
    this.chunkSize = chunkSize;
  }

  /** The chunk holding `slot`. */
  chunkOf(slot: number): number {
    return Math.floor(slot / this.chunkSize);
  }

  /** Whether chunk `c` is built (searchable as it is). */
  built(c: number): boolean {
    return this.#chunks[c] != null;
  }

  /** A slot's text changed, or it lost its device: its chunk is out of date. */
  dirty(slot: number): void {
    const c = this.chunkOf(slot);
    if (c < this.#chunks.length) this.#chunks[c] = null;
  }

  clear(): void {
    this.#chunks = [];
  }

  /**
   * Builds chunk `c` from its slots' texts ('' for an empty slot), in slot order. Returns the joined text
   * and where each slot's text begins in it, for the caller to slice its entries' texts from.
   */
  build(c: number, texts: readonly string[]): Chunk {
    const starts = new Int32Array(texts.length);
    let at = 0;
    for (let i = 0; i < texts.length; i++) {
      starts[i] = at;
      at += texts[i]!.length + SLOT_SEP.length;
    }
    const chunk = { hay: texts.join(SLOT_SEP), starts };
    this.#chunks[c] = chunk;
    return chunk;
  }

  /**
   * Sets `into[slot] = 1` for each slot of built chunk `c` whose text holds `needle`: a space, then a word
   * (SearchPredicate.needle). The chunk must be built.
   */
  mark(c: number, needle: string, into: Uint8Array): void {
    const { hay, starts } = this.#chunks[c]!;
    const first = c * this.chunkSize;
    const head = needle.charCodeAt(0);
    const word = needle.slice(1);
    // A long word is looked for by its first characters, each find then checked for the rest: V8 searches
    // a pattern of 7 characters or more another way, which was twice as slow over these texts.
    const probe = word.length > PROBE_LENGTH ? word.slice(0, PROBE_LENGTH) : word;
    let k = 0;
    for (let at = hay.indexOf(probe, 1); at !== -1;) {
      if (hay.charCodeAt(at - 1) !== head || (probe !== word && !hay.startsWith(word, at))) {
        at = hay.indexOf(probe, at + 1);
        continue;
      }
      // Finds come in order: the slot only moves forward.
      while (k + 1 < starts.length && starts[k + 1]! <= at) k++;
      into[first + k] = 1;
      if (k + 1 >= starts.length) break;
      at = hay.indexOf(probe, starts[k + 1]! + 1);
    }
  }
}
