// Parameters given in the URI (spec §4: "A parameter may be given in the URI or in the body. When both are
// given, the value in the URI takes priority"). The query is read strictly: a percent-escape that is not
// UTF-8 is refused (URLSearchParams would store U+FFFD in its place, silently), and a field given twice is
// refused as a repeated element would be. Names are the wire names of the body's fields; `oauth_*` and
// names the resource does not have (a cache buster, say) are not fields and are left alone.
import type { Id } from '../../shared/model.js';
import { HttpError } from './responses.js';

export class UriQuery {
  private constructor(private readonly values: ReadonlyMap<string, readonly string[]>) {}

  /** Throws a 400 when the query cannot be decoded as UTF-8. */
  static parse(search: string): UriQuery {
    const values = new Map<string, string[]>();
    const text = search.startsWith('?') ? search.slice(1) : search;
    for (const pair of text.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
      let name: string;
      let value: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
        value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
      } catch {
        throw new HttpError(400, 'The query string is not valid percent-encoded UTF-8.');
      }
      const list = values.get(name);
      if (list) list.push(value);
      else values.set(name, [value]);
    }
    return new UriQuery(values);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Names among `names` that the query gives. */
  present(names: readonly string[]): string[] {
    return names.filter((name) => this.values.has(name));
  }

  /** The value of a field given once; undefined when absent; throws `repeated()` when given twice. */
  text(name: string, repeated: (name: string) => Error): string | undefined {
    const list = this.values.get(name);
    if (list === undefined) return undefined;
    if (list.length > 1) throw repeated(name);
    return list[0];
  }

  /** An id field: undefined when absent, null when blank ("none": root, unassigned). */
  id(name: string, repeated: (name: string) => Error): Id | null | undefined {
    const value = this.text(name, repeated);
    if (value === undefined) return undefined;
    return value.trim() === '' ? null : value;
  }

  /**
   * A collection of ids: `devices=3,7` (or `devices=3&devices=7`) lists them, a blank `devices=` is the
   * empty collection (unassign all), as `<devices/>` is in a body.
   */
  ids(name: string): Id[] | undefined {
    const list = this.values.get(name);
    if (list === undefined) return undefined;
    return list
      .flatMap((value) => value.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== '');
  }
}
