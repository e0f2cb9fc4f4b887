// A history export is written on the display clock the screen uses: this computer's zone by default, the
// account's fixed offset when Settings says so (the main side formats either; see status-handlers.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { exportHistory } from '../../../renderer/components/DeviceHistory.js';
import { computerZoneName, parseGmtOffset, setDisplayOffset } from '../../../renderer/domain/time-zone.js';

type ExportStores = Parameters<typeof exportHistory>[0];

function recordingStores(asked: unknown[]): ExportStores {
  const refused = {
    ok: false as const,
    error: { kind: 'validation' as const, message: 'no', retryable: false },
  };
  return {
    client: {
      status: {
        historyExport: async (payload: unknown) => {
          asked.push(payload);
          return refused;
        },
      },
    },
    actions: { reportFailure: (r: unknown) => r },
  } as unknown as ExportStores;
}

afterEach(() => setDisplayOffset(null));

describe('exportHistory', () => {
  it('asks for the computer’s zone on the computer’s clock and the account’s offset on the account’s', async () => {
    const asked: unknown[] = [];
    await exportHistory(recordingStores(asked), { kind: 'device', id: '7' });
    setDisplayOffset(parseGmtOffset('(GMT+05:30)'));
    await exportHistory(recordingStores(asked), { kind: 'folder', id: '3' });
    expect(asked).toEqual([
      { target: { kind: 'device', id: '7' }, days: 30, zone: computerZoneName() },
      { target: { kind: 'folder', id: '3' }, days: 30, zone: 'GMT+05:30' },
    ]);
  });
});
