// The cached device list stays byte-for-byte the document the codec would write, through status changes,
// multi-byte aliases whose encoded length changes, the first and last device, and many changes at once
// (where the splice gives way to a rebuild).
import { describe, expect, it } from 'vitest';
import type { Device } from '../../../shared/model.js';
import { decodeDevices, encodeDevices } from '../../../shared/xml/index.js';
import { generateAccount } from '../../../service/domain/seed.js';
import { DeviceListCache } from '../../../service/http/device-list-cache.js';

const STATUSES = ['online', 'offline', 'busy'] as const;
const ALIASES = [null, 'é', 'Büro 中 😀', 'a & <b>', 'x'.repeat(40), ''];

describe('DeviceListCache.encodeAll', () => {
  it('equals the codec’s document after every round of changes', () => {
    let devices: Device[] = generateAccount({
      seed: 5,
      devices: 300,
      now: Date.parse('2026-03-01T00:00:00Z'),
    }).devices;
    const cache = new DeviceListCache();
    expect(cache.encodeAll(devices).toString('utf8')).toBe(encodeDevices(devices));
    // Deterministic rounds: a few changes, then the ends, then a third of the list (rebuild path).
    const rounds: number[][] = [
      [7],
      [3, 4, 5, 150, 151],
      [0, 299],
      [10, 20, 30, 40, 50, 60],
      Array.from({ length: 100 }, (_, i) => i * 3),
      [1],
    ];
    rounds.forEach((indices, round) => {
      devices = devices.slice();
      for (const [k, i] of indices.entries()) {
        const d = devices[i] as Device;
        devices[i] = {
          ...d,
          status: STATUSES[(round + k) % 3] as Device['status'],
          alias: ALIASES[(round * 7 + k) % ALIASES.length] ?? null,
          lastRefresh: `2026-03-0${round + 2}T10:00:0${k % 10}Z`,
        };
      }
      const bytes = cache.encodeAll(devices);
      expect(bytes.toString('utf8'), `round ${round}`).toBe(encodeDevices(devices));
      expect(cache.encodeAll(devices)).toBe(bytes);
    });
    expect(decodeDevices(cache.encodeAll(devices).toString('utf8'))).toHaveLength(300);
  });

  it('rebuilds when the list is not the same devices in the same order', () => {
    const devices = generateAccount({
      seed: 6,
      devices: 20,
      now: Date.parse('2026-03-01T00:00:00Z'),
    }).devices;
    const cache = new DeviceListCache();
    cache.encodeAll(devices);
    const fewer = devices.slice(0, 10);
    expect(cache.encodeAll(fewer).toString('utf8')).toBe(encodeDevices(fewer));
    const reordered = fewer.slice().reverse();
    expect(cache.encodeAll(reordered).toString('utf8')).toBe(encodeDevices(reordered));
    expect(cache.encodeAll([]).toString('utf8')).toBe(encodeDevices([]));
    expect(cache.encodeAll(devices).toString('utf8')).toBe(encodeDevices(devices));
  });
});
