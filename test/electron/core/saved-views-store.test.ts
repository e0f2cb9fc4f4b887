import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SavedViewsStore } from '../../../electron/core/saved-views-store.js';
import { accountKey } from '../../../electron/core/offline-cache.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'views-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const view = (id: string) => ({
  id,
  name: `View ${id}`,
  search: 'desk',
  where: { kind: 'group', op: 'and', conditions: [] },
});

describe('saved views store', () => {
  it('keeps each account its own views across restarts', async () => {
    await new SavedViewsStore(dir).save('https://a.example', '7', { views: [view('1'), view('2')] });
    await new SavedViewsStore(dir).save('https://b.example', '7', { views: [view('3')] });
    const again = new SavedViewsStore(dir);
    expect(await again.load('https://a.example', '7')).toEqual({ views: [view('1'), view('2')] });
    expect(await again.load('https://b.example', '7')).toEqual({ views: [view('3')] });
    expect(await again.load('https://a.example', '8')).toEqual({ views: [] });
  });

  it('answers a load asked while a save is under way with what that save writes, and writes in order', async () => {
    const store = new SavedViewsStore(dir);
    await store.save('https://a.example', '7', { views: [view('1')] });
    for (let i = 0; i < 20; i++) {
      // Not awaited, as the window's save and its reload's load reach the main side back to back.
      const a = store.save('https://a.example', '7', { views: [view('1'), view(`a${i}`)] });
      const b = store.save('https://a.example', '7', { views: [view('1'), view(`b${i}`)] });
      expect(await store.load('https://a.example', '7')).toEqual({ views: [view('1'), view(`b${i}`)] });
      await Promise.all([a, b]);
    }
    expect(await new SavedViewsStore(dir).load('https://a.example', '7')).toEqual({
      views: [view('1'), view('b19')],
    });
  });

  it('reads a damaged file as no views and keeps it aside instead of overwriting it', async () => {
    const store = new SavedViewsStore(dir);
    await store.save('https://a.example', '7', { views: [view('1')] });
    const file = path.join(dir, 'views', `${accountKey('https://a.example', '7')}.json`);
    await writeFile(file, '{"views": [ {"id": "1", "na');
    expect(await store.load('https://a.example', '7')).toEqual({ views: [] });
    const names = await readdir(path.join(dir, 'views'));
    expect(names.some((n) => n.includes('.json.corrupt-'))).toBe(true);
    // A view of the wrong shape is damage too (one rule for every stored file): kept aside whole.
    await writeFile(file, '{"views": [{"id": 5}, {"id": "2", "name": "ok"}]}');
    expect(await store.load('https://a.example', '7')).toEqual({ views: [] });
    expect((await readdir(path.join(dir, 'views'))).filter((n) => n.includes('.corrupt-'))).toHaveLength(2);
  });

  it('loads a file from before views could span accounts (no version) as views of their own account', async () => {
    const file = path.join(dir, 'views', `${accountKey('https://a.example', '7')}.json`);
    await new SavedViewsStore(dir).save('https://a.example', '7', { views: [] });
    await writeFile(file, JSON.stringify({ views: [view('1'), view('2')] }));
    const loaded = await new SavedViewsStore(dir).load('https://a.example', '7');
    expect(loaded.views.map((v) => [v.id, v.accounts])).toEqual([
      ['1', 'this'],
      ['2', 'this'],
    ]);
    expect((await readdir(path.join(dir, 'views'))).some((n) => n.includes('.corrupt-'))).toBe(false);
  });

  it('keeps a view spanning all accounts as such and one without a choice as it was, in a file of version 2', async () => {
    const store = new SavedViewsStore(dir);
    await store.save('https://a.example', '7', { views: [{ ...view('1'), accounts: 'all' }, view('2')] });
    const loaded = await new SavedViewsStore(dir).load('https://a.example', '7');
    expect(loaded.views.map((v) => [v.id, v.accounts])).toEqual([
      ['1', 'all'],
      ['2', undefined],
    ]);
    const file = path.join(dir, 'views', `${accountKey('https://a.example', '7')}.json`);
    expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(2);
  });
});
