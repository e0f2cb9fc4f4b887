// Child process of the kill test: records polls into a status history as fast as it can and prints
// "ack <seq>" once each poll is on disk. The parent SIGKILLs it at random moments.
// Poll `seq` happens at T0 + seq * STEP_MS; device i's status at poll seq is statusAt(seq, i).
import { StatusHistory } from '../../../electron/core/status-history/history-store.js';
import { deltaChange, device, resetChange } from './history-fixtures.js';

export const T0 = Date.parse('2026-03-02T09:00:00Z');
/** Long enough that checkpoints (every 10 min of poll time) are written every ~10 polls. */
export const STEP_MS = 61_000;
export const DEVICES = 50;

export function statusAt(seq: number, i: number): 'online' | 'offline' {
  return (seq + i) % 3 === 0 ? 'offline' : 'online';
}

export function devicesAt(seq: number) {
  return Array.from({ length: DEVICES }, (_, i) => device(`d${i}`, statusAt(seq, i)));
}

async function main(): Promise<void> {
  const dir = process.argv[2] as string;
  const h = await StatusHistory.open({ dir });
  let seq = h.lastRecordAt === null ? 0 : Math.floor((h.lastRecordAt - T0) / STEP_MS) + 1;
  process.stdout.write(`start ${seq}\n`);
  for (;;) {
    const at = T0 + seq * STEP_MS;
    h.recordDevices(seq === 0 ? resetChange(devicesAt(0), at) : deltaChange(devicesAt(seq), at), at);
    await h.flush();
    if (h.lastError) throw h.lastError;
    process.stdout.write(`ack ${seq}\n`);
    seq++;
  }
}

// Run as a process (the source under tsx, or its bundle), not when the kill test imports its constants.
if (/history-writer\.[jt]s$/.test(process.argv[1] ?? '')) void main();
