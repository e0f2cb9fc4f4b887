// A bulk change is planned from the devices as their owner (the poll worker's mirror) holds them, not from
// the main thread's picture, which may still be taking a poll's parts: planned from a picture that lagged,
// a device it showed already in the target folder got no PUT and the move was reported done (chaos soak).
// Bulk changes are planned one after another, each with the ones before it in.
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../electron/core/logger.js';
import { CoreOutbox } from '../../../../electron/core/outbox/core-outbox.js';
import { Picture } from '../../../../electron/core/picture.js';
import type { Device, Id } from '../../../../shared/model.js';
import { FakeClock } from '../../support/fake-clock.js';
import { device } from '../../support/fake-service.js';
import { tempDir } from '../../support/core-harness.js';

let outbox: CoreOutbox | null = null;
afterEach(async () => {
  await outbox?.close();
  outbox = null;
});

function rig(owner: Map<Id, Device>, answered: () => Promise<void> = async () => undefined) {
  const picture = new Picture();
  picture.applyPolledPart(
    { added: [device('1', '10'), device('2', null)], changed: [], removed: [] },
    true,
    null,
  );
  const asked: Id[][] = [];
  outbox = new CoreOutbox({
    picture,
    devices: {
      read: async (ids) => {
        asked.push([...ids]);
        await answered();
        return new Map(ids.flatMap((id) => (owner.has(id) ? [[id, owner.get(id)!] as const] : [])));
      },
      edit: async () => [],
    },
    engine: () => null,
    api: () => null,
    clock: new FakeClock(),
    logger: silentLogger,
    emitChange: () => undefined,
    emitState: () => undefined,
  });
  return { picture, asked, outbox };
}

describe('a bulk change is planned from the owner of the devices', () => {
  it('a device the picture still shows in the target folder, the owner elsewhere, is moved', async () => {
    // The owner took a poll in which a colleague moved device 1 out of folder 10; the picture has not yet.
    const owner = new Map([
      ['1', device('1', '20')],
      ['2', device('2', null)],
    ]);
    const r = rig(owner);
    await r.outbox.open(tempDir().dir);
    const done = await r.outbox.bulk({ kind: 'move', ids: ['1', '2', '9'], folderId: '10' });
    expect(done).toMatchObject({ total: 2, unchanged: [], unknown: ['9'] });
    expect(r.asked).toEqual([['1', '2', '9']]);
  });

  it('two bulk changes asked together are planned one after the other', async () => {
    const owner = new Map([['1', device('1', '20')]]);
    let answer = () => undefined as void;
    const r = rig(owner, () => new Promise<void>((resolve) => (answer = resolve)));
    await r.outbox.open(tempDir().dir);
    const first = r.outbox.bulk({ kind: 'alias', items: [{ id: '1', alias: 'A' }] });
    const second = r.outbox.bulk({ kind: 'alias', items: [{ id: '1', alias: 'B' }] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.asked).toHaveLength(1); // the second waits for the first to be planned and recorded
    answer();
    await first;
    await expect.poll(() => r.asked.length).toBe(2);
    answer();
    expect(await second).toMatchObject({ total: 1 });
  });
});
