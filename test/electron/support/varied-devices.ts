// Devices whose every kind of value is met (null, numbers, unknown enums, unique and repeated texts): what a
// crossing between threads or a serialisation must give back equal.
import type { Device } from '../../../shared/model.js';
import { device } from './fake-service.js';

export const variedDevices = (n: number, from = 0): Device[] =>
  Array.from({ length: n }, (_, i) =>
    device(String(from + i), i % 3 === 0 ? null : `f${i % 7}`, {
      name: `PC-${from + i}`,
      status: i % 5 === 0 ? { unknown: 'sleeping' } : (['online', 'offline', 'busy'] as const)[i % 3]!,
      ram: i % 4 === 0 ? null : 1024 * (i % 3) + 0.5,
      alias: i % 2 ? null : `Desk ${i % 11}`,
      lastRefresh: `2026-11-22T10:0${i % 10}:00Z`,
    }),
  );
