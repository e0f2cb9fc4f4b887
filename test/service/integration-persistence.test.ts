// With a data directory the account, the issued tokens and the outbox survive a restart; the state file is
// written owner-only and atomically; a corrupt file stops the start with a clear error instead of a reset.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeFolder, decodeUser } from '../../shared/xml/index.js';
import { STATE_FILE_NAME, StateFileError } from '../../service/persistence.js';
import { startService } from '../../service/server.js';
import {
  ADMIN,
  signInWithPin,
  signedFetch,
  startTestService,
  xmlHeaders,
} from './support/service-harness.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-state-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps the account, tokens and outbox across a restart', async () => {
    const first = await startTestService({ dataDir: dir, seed: 11 });
    const token = await signInWithPin(first, ADMIN.email, ADMIN.password);
    const created = await signedFetch(first, token, 'POST', '/folders.xml', {
      headers: xmlHeaders(),
      body: '<folder><name>Survives</name></folder>',
    });
    const folderId = decodeFolder(await created.text()).id;
    await signedFetch(first, token, 'POST', '/support_sessions.xml', {
      headers: xmlHeaders(),
      body: '<support_session><customer>Keep</customer><language>en</language><customer_mail>keep@customer.example</customer_mail></support_session>',
    });
    const devicesBefore = first.service.store.listDevices();
    await first.service.close();

    const info = await stat(join(dir, STATE_FILE_NAME));
    expect(info.mode & 0o777).toBe(0o600);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // Another seed and device count: the saved account wins over generation.
    const second = await startTestService({ dataDir: dir, seed: 99, devices: 5 });
    try {
      expect(second.service.store.getFolder(folderId).name).toBe('Survives');
      expect(second.service.store.listDevices()).toEqual(devicesBefore);
      expect(second.service.outbox.list().map((m) => m.to)).toEqual(['keep@customer.example']);
      const me = await signedFetch(second, token, 'GET', '/users/current.xml');
      expect(me.status).toBe(200);
      expect(decodeUser(await me.text()).email).toBe(ADMIN.email);
      // The next folder id continues after the saved ones.
      const next = await signedFetch(second, token, 'POST', '/folders.xml', {
        headers: xmlHeaders(),
        body: '<folder><name>After</name></folder>',
      });
      expect(Number(decodeFolder(await next.text()).id)).toBeGreaterThan(Number(folderId));
    } finally {
      await second.service.close();
    }
  });

  // Found by the chaos soak (seed 202): the service killed while writing its state file left the temp file,
  // and every later start left it there too.
  it('removes the temp file a kill left half-written, and keeps the state', async () => {
    const first = await startTestService({ dataDir: dir, seed: 11 });
    const folders = first.service.store.listFolders().length;
    await first.service.close();
    const leftover = join(dir, `${STATE_FILE_NAME}.4242.7.tmp`);
    await writeFile(leftover, '{"version":1,"acc');
    const second = await startTestService({ dataDir: dir, seed: 11 });
    try {
      expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect(second.service.restored).toBe(true);
      expect(second.service.store.listFolders().length).toBe(folders);
    } finally {
      await second.service.close();
    }
  });

  it('refuses to start on a corrupt state file and leaves the file alone', async () => {
    await writeFile(join(dir, STATE_FILE_NAME), '{"version":1,"account":');
    await expect(startService({ dataDir: dir })).rejects.toThrow(StateFileError);
    await writeFile(
      join(dir, STATE_FILE_NAME),
      JSON.stringify({
        version: 1,
        account: {
          users: [],
          folders: [{ id: '1', name: 'A', parentId: '2', dateCreation: '2026-01-01T00:00:00Z' }],
          devices: [],
          sessions: [],
          nextId: { folder: 2, session: 1 },
        },
        oauth: {},
        outbox: { nextId: 1, messages: [] },
      }),
    );
    await expect(startService({ dataDir: dir })).rejects.toThrow(/corrupt/);
    await expect(stat(join(dir, STATE_FILE_NAME))).resolves.toBeTruthy();
  });
});
