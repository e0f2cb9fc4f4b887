// Devices arrive as JSON, and JSON.parse gives every device its own copy of each string: at 100,000
// devices the handful of CPU models alone were ~5 MB of the renderer's heap in 100,000 copies, the free
// space texts and refresh times a few MB more. The fields whose values repeat across devices are pointed
// at one copy of each value as the devices come in (a Map lookup per field, in the same pass that stores
// them). Names, addresses, ids and install dates are nearly all distinct: sharing them would only add a
// table entry per device.

import type { DeviceKey } from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';

/** Fields whose values repeat across many devices of an account. */
const REPEATING: readonly DeviceKey[] = ['status', 'os', 'cpu', 'freeSpace', 'lastRefresh', 'folderId'];

/** A field with more distinct values than this starts its table over (it repeats less than thought). */
const POOL_LIMIT = 20_000;

export class SharedStrings {
  // Parallel arrays walked by index: a Map's entries iterator allocated a pair per field per device.
  readonly #keys: readonly DeviceKey[] = REPEATING;
  readonly #pools: ReadonlyArray<Map<string, string>> = REPEATING.map(() => new Map());

  /** Points the device's repeating fields at the shared copy of their value (the device is changed). */
  share(device: Device): void {
    const record = device as unknown as Record<DeviceKey, unknown>;
    for (let k = 0; k < this.#keys.length; k++) {
      const key = this.#keys[k]!;
      const value = record[key];
      if (typeof value !== 'string') continue;
      const pool = this.#pools[k]!;
      const shared = pool.get(value);
      if (shared !== undefined) record[key] = shared;
      else {
        if (pool.size >= POOL_LIMIT) pool.clear();
        pool.set(value, value);
      }
    }
  }
}
