import {
  buildPaletteIndex,
  searchPalette,
  type PaletteItem,
} from '../../../renderer/domain/palette-index.js';
import { makeDevice } from '../../shared/support/fixtures.js';

function deviceItems(n: number): PaletteItem[] {
  return Array.from({ length: n }, (_, i) => {
    const d = makeDevice(i);
    return {
      kind: 'device',
      id: d.id,
      label: d.name!,
      detail: [d.alias, d.ip, d.mac].filter(Boolean).join(' '),
    };
  });
}

describe('palette index', () => {
  const index = buildPaletteIndex([
    { kind: 'screen', id: 'sessions', label: 'Sessions' },
    { kind: 'user', id: '7', label: 'José Núñez', detail: 'jose@example.com' },
    { kind: 'session', id: '3', label: 'ACME Corp', detail: '04711' },
    ...deviceItems(500),
  ]);

  it('finds devices by name, alias, IP or MAC, and sessions by customer or code, with a typo', () => {
    expect(searchPalette(index, 'PC-000042')[0]).toMatchObject({ kind: 'device', label: 'PC-000042' });
    expect(searchPalette(index, '10.0.1.44')[0]).toMatchObject({ label: 'PC-000300' });
    expect(searchPalette(index, '00:1A:2B:00:04:99')[0]).toMatchObject({ label: 'PC-000499' });
    expect(searchPalette(index, 'acme')[0]).toMatchObject({ kind: 'session', id: '3' });
    expect(searchPalette(index, '04711')[0]).toMatchObject({ kind: 'session' });
    expect(searchPalette(index, 'sesions')[0]).toMatchObject({ kind: 'screen', id: 'sessions' });
    expect(searchPalette(index, 'zzzzqqq')).toEqual([]);
    expect(searchPalette(index, '', 3)).toHaveLength(3);
  });

  it('answers each keystroke over 100,000 devices within 50 ms at the 95th percentile', () => {
    const big = buildPaletteIndex(deviceItems(100_000));
    const typed = [
      'p',
      'pc',
      'pc-',
      'pc-0',
      'pc-00',
      'pc-004',
      'pc-0042',
      'pc-00421',
      'f',
      'fr',
      'fro',
      'front d',
      '1',
      '10.',
      '10.1.',
      '00:1a',
      'desk 4',
    ];
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < 2; round++)
      for (const q of typed) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        searchPalette(big, q);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        wall.push(performance.now() - t0);
      }
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
    console.log(
      `palette 100k: p95 ${p95(wall).toFixed(1)} ms wall / ${p95(cpu).toFixed(1)} ms CPU per keystroke`,
    );
    expect(searchPalette(big, 'pc-0042')[0]).toMatchObject({ label: expect.stringContaining('PC-0042') });
    expect(p95(cpu)).toBeLessThan(50);
  });
});
