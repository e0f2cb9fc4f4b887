// A committed poll's parts are applied and sent on one by one as the worker sends them. Between two parts a
// local write may begin (or a sign-out replace the devices): a later part must not undo the write's
// optimistic change, nor fill the picture of an account that was left.
import { describe, expect, it } from 'vitest';
import { commitPoll } from '../../../electron/core/devices-commit.js';
import { DeviceWriteFence } from '../../../electron/core/device-write-fence.js';
import type { DevicesCommit, DevicesPoll } from '../../../electron/core/devices-feed.js';
import { carryPart, DevicesPart, type DevicesPartChange } from '../../../electron/core/devices-part.js';
import { Picture } from '../../../electron/core/picture.js';
import { factFrom, factOf } from '../support/device-facts.js';
import type { DevicesRecorded } from '../../../electron/core/status-history/history-store.js';
import type { DataChange } from '../../../shared/ipc/contract.js';
import type { Device } from '../../../shared/model.js';
import { device } from '../support/fake-service.js';

const AT = '2026-11-22T10:00:00.000Z';
/** A part as a worker sends it (serialised, digests by column), or as one thread hands it on. */
const part = (changed: Device[], first: boolean, pack = true): DevicesPart =>
  new DevicesPart(5, first, carryPart({ added: [], changed, removed: [] }, pack));

/** A poll whose commit hands on `parts`, running `between` after the first (as a task between two parts). */
function pollOf(parts: DevicesPart[], between: () => void): DevicesPoll & { options?: DevicesCommit } {
  const poll: DevicesPoll & { options?: DevicesCommit } = {
    changed: true,
    complete: false,
    commit: async (options = {}) => {
      poll.options = options;
      for (const [i, p] of parts.entries()) {
        await Promise.resolve();
        options.onPart?.(p);
        if (i === 0) between();
      }
      return parts.reduce((n, p) => n + p.records, 0);
    },
    discard: () => undefined,
  };
  return poll;
}

function rig() {
  const picture = new Picture();
  picture.applyPolledPart(
    { added: [device('1', null), device('2', null)], changed: [], removed: [] },
    true,
    AT,
  );
  const fence = new DeviceWriteFence();
  const sent: DataChange[] = [];
  const polled: Array<readonly DevicesRecorded[]> = [];
  const options = {
    picture,
    fence,
    fetchedAt: AT,
    fenced: new Set<string>(),
    sendDevices: (c: DataChange) => sent.push(c),
    onDevicesPolled: (parts: readonly DevicesRecorded[]) => polled.push(parts),
  };
  return { picture, fence, sent, polled, options };
}

describe('commitPoll', () => {
  it.each([
    ['serialised by a worker', true],
    ['handed on in one thread', false],
  ])(
    'sends each part as it comes (%s); a write begun between two parts keeps its device as written',
    async (_, pack) => {
      const r = rig();
      const offline = (id: string) => ({ ...device(id, null), status: 'offline' as const });
      const mine = { ...device('2', null), alias: 'Mine' };
      const poll = pollOf([part([offline('1')], true, pack), part([offline('2')], false, pack)], () => {
        r.fence.begin(['2']);
        r.picture.devices.put(mine); // shown as its owner answered the edit
      });
      expect(await commitPoll(poll, r.options)).toBe(true);
      expect(factOf(r.picture.devices, '1')).toEqual(factFrom(offline('1')));
      expect(factOf(r.picture.devices, '2')).toEqual(factFrom(mine));
      expect(r.sent.map((c) => c.changed.map((d) => d.id))).toEqual([['1'], []]);
      // What the renderer reads: the same change, as JSON.
      expect(
        r.sent.map(
          (c) => JSON.parse(new TextDecoder().decode((c as DevicesPartChange).jsonBytes())) as DataChange,
        ),
      ).toEqual([
        { dataset: 'devices', reset: false, fetchedAt: AT, added: [], changed: [offline('1')], removed: [] },
        { dataset: 'devices', reset: false, fetchedAt: AT, added: [], changed: [], removed: [] },
      ]);
      expect(r.polled).toHaveLength(1);
      expect(r.polled[0]!.map((p) => p.changed.map((d) => d.id))).toEqual([['1'], []]);
      expect(poll.options?.reset).toBe(false);
    },
  );

  it('drops the parts that come after the devices were replaced (an account left)', async () => {
    const r = rig();
    const poll = pollOf([part([device('1', '9')], true), part([device('2', '9')], false)], () =>
      r.picture.clear(),
    );
    expect(await commitPoll(poll, r.options)).toBe(false);
    expect(r.picture.devices.size).toBe(0);
    expect(r.sent).toHaveLength(1);
    expect(r.polled).toHaveLength(0);
  });
});
