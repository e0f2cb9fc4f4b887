// A part of the owner's devices crosses to the main thread serialised (its devices as the renderer's JSON,
// their digests by column) or, in one thread, as objects (devices-part.ts). Either way the main thread
// reads the same devices, digests and records from it, the renderer the same change, and a fenced device
// is taken out of it.
import { describe, expect, it, vi } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import {
  carryPart,
  changeJson,
  DevicesPart,
  listedWire,
  partTransfer,
  type PartCarried,
  type PartWire,
} from '../../../electron/core/devices-part.js';
import type { ServerResponse } from 'node:http';
import { EventStream } from '../../../electron/browser-host/event-stream.js';
import { ChangePump } from '../../../electron/core/change-pump.js';
import { deviceDigest } from '../../../electron/core/devices-part.js';
import type { DataChange } from '../../../shared/ipc/contract.js';
import { variedDevices as list } from '../support/varied-devices.js';

const AT = '2026-11-22T10:00:00.000Z';
/** What a sink writes of a change, read back as one text. */
const text = (change: unknown) =>
  changeJson(change)
    .map((c) => (typeof c === 'string' ? c : new TextDecoder().decode(c)))
    .join('');
const delta = () => {
  const devices = list(50);
  return { added: devices.slice(0, 20), changed: devices.slice(20), removed: ['x'] };
};

describe('a part of the devices', () => {
  it.each([
    ['serialised by a worker', true],
    ['handed on in one thread', false],
  ])('%s: the same devices, digests and records; the change reads as a DataChange', (_, pack) => {
    const d = delta();
    const part = new DevicesPart(3, true, structuredClone(carryPart(d, pack)));
    expect(part.devices()).toEqual(d);
    expect(part.records).toBe(51);
    expect(part.digests()).toEqual({
      added: d.added.map(deviceDigest),
      changed: d.changed.map(deviceDigest),
      removed: ['x'],
    });
    const change = part.change(true, AT);
    const expected: DataChange = { dataset: 'devices', reset: true, fetchedAt: AT, ...d };
    // As the renderer reads it (the event stream's JSON), and as a sink that knows nothing of it does.
    expect(JSON.parse(text(change))).toEqual(expected);
    expect(JSON.parse(JSON.stringify(change))).toEqual(expected);
    expect({ ...change }).toEqual(expected);
    expect(structuredClone({ ...change })).toEqual(expected);
    expect(JSON.parse(text(change.withReset(false)))).toEqual({ ...expected, reset: false });
  });

  it('serialised, shares one string per repeated digest text across the parts of a request', () => {
    const interner = new Map<string, string>();
    const a = new DevicesPart(1, true, structuredClone(carryPart(delta(), true)), interner).digests();
    const b = new DevicesPart(1, false, structuredClone(carryPart(delta(), true)), interner).digests();
    expect(interner.get(a.added[1]!.folderId!)).toBe(b.added[1]!.folderId);
  });

  it('a listing joins the texts as they are and carries no digests: they are made from the devices', () => {
    const devices = list(3);
    const part = new DevicesPart(1, true, listedWire(devices.map((d) => JSON.stringify(d))));
    expect(part.devices()).toEqual({ added: devices, changed: [], removed: [] });
    expect(part.digests().added).toEqual(devices.map(deviceDigest));
    expect(new DevicesPart(1, true, listedWire([])).devices()).toEqual({
      added: [],
      changed: [],
      removed: [],
    });
  });

  it.each([true, false])('without the fenced devices (serialised: %s); itself when none is in it', (pack) => {
    const d = delta();
    const part = new DevicesPart(3, false, carryPart(d, pack));
    expect(part.without(new Set())).toBe(part);
    expect(part.without(new Set(['nope']))).toBe(part);
    const kept = part.without(new Set([d.added[0]!.id, d.changed[0]!.id, 'x']));
    expect(kept.devices()).toEqual({ added: d.added.slice(1), changed: d.changed.slice(1), removed: [] });
    expect(kept.digests().added.map((g) => g.id)).toEqual(d.added.slice(1).map((g) => g.id));
    expect(JSON.parse(text(kept.change(false, AT))).added).toEqual(d.added.slice(1));
  });

  it('goes through the change pump whole, counted without reading its devices', () => {
    const sent: DataChange[] = [];
    const pump = new ChangePump(
      (c) => sent.push(c),
      (next) => next(),
      10,
    );
    const part = new DevicesPart(3, false, carryPart(delta(), true));
    const devices = vi.spyOn(part, 'devices');
    pump.push(part.change(false, AT)); // 51 records, more than the pump's part of 10: one owner's part
    expect(sent).toHaveLength(1);
    expect(devices).not.toHaveBeenCalled();
  });

  it("goes into the browser host's event stream as the owner serialised it, its devices never read", () => {
    const written: Array<string | Uint8Array> = [];
    let corked = 0;
    const res = {
      writeHead: () => res,
      write: (chunk: string | Uint8Array) => written.push(chunk),
      cork: () => corked++,
      uncork: () => corked--,
      on: () => res,
      end: () => undefined,
    };
    const stream = new EventStream(60_000);
    stream.attach(res as unknown as ServerResponse);
    const d = delta();
    const part = new DevicesPart(3, false, carryPart(d, true));
    const devices = vi.spyOn(part, 'devices');
    const from = written.length;
    stream.publish('data:change', part.change(false, AT));
    stream.close();
    expect(devices).not.toHaveBeenCalled();
    expect(corked).toBe(0);
    // The owner's bytes themselves (a view of its buffer), never a string made of them on this thread.
    const event = written.slice(from);
    expect(event.some((c) => c instanceof Uint8Array && c.buffer === part.json().buffer)).toBe(true);
    const data = /^data: (.*)$/m.exec(
      event.map((c) => (typeof c === 'string' ? c : new TextDecoder().decode(c))).join(''),
    )![1]!;
    expect(JSON.parse(data)).toEqual({ dataset: 'devices', reset: false, fetchedAt: AT, ...d });
  });

  it('crosses to the main thread moved, not copied: the whole buffer of its JSON, nothing else', async () => {
    const carried = carryPart(delta(), true);
    const transfer = partTransfer(carried);
    const json = (carried as PartWire).json;
    expect(transfer).toEqual([json.buffer]);
    // Its own buffer, whole: moving a shared pool would take other bytes with it.
    expect(json.byteOffset).toBe(0);
    expect(json.buffer.byteLength).toBe(json.byteLength);
    const { port1, port2 } = new MessageChannel();
    const arrived = new Promise<PartCarried>((resolve) => port2.once('message', resolve));
    port1.postMessage(carried, transfer);
    expect(json.byteLength).toBe(0); // detached here: moved
    expect(new DevicesPart(1, true, await arrived).devices()).toEqual(delta());
    port1.close();
    expect(partTransfer({ added: [], changed: [], removed: [] })).toEqual([]);
  });
});
