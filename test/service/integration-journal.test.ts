// The write-ahead journal in-process: a copy of the data directory taken while the service runs (what a
// kill -9 leaves: the state file from the start plus the journal) restarts to exactly the account, outbox
// and tokens the service had; a line torn by a crash is skipped, a corrupt one elsewhere stops the start.
import { appendFile, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeFolder, decodeSupportSession } from '../../shared/xml/index.js';
import { StateFileError } from '../../service/persistence.js';
import {
  ADMIN,
  signInWithPin,
  signedFetch,
  startTestService,
  xmlHeaders,
  type Harness,
} from './support/service-harness.js';

let dir: string;
let copy: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-journal-'));
  copy = `${dir}-copy`;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(copy, { recursive: true, force: true });
});

async function busyService(): Promise<Harness> {
  // The state file is written at start and then not for a minute: only the journal holds the changes.
  const h = await startTestService({ dataDir: dir, saveDebounceMs: 60_000 });
  const token = await signInWithPin(h, ADMIN.email, ADMIN.password);
  const send = (method: string, path: string, body?: string): Promise<Response> =>
    signedFetch(h, token, method, path, body === undefined ? {} : { headers: xmlHeaders(), body });
  const parent = decodeFolder(
    await (await send('POST', '/folders.xml', '<folder><name>J Parent</name></folder>')).text(),
  );
  const child = decodeFolder(
    await (
      await send(
        'POST',
        `/folders/${parent.id}/folders.xml`,
        '<folder><name>J Child</name><devices><device><id>2</id></device></devices></folder>',
      )
    ).text(),
  );
  expect(
    (
      await send(
        'PUT',
        '/devices/3.xml',
        `<device><alias>J Alias</alias><folder_id>${child.id}</folder_id></device>`,
      )
    ).status,
  ).toBe(200);
  const gone = decodeFolder(
    await (await send('POST', '/folders.xml', '<folder><name>J Gone</name></folder>')).text(),
  );
  expect((await send('DELETE', `/folders/${gone.id}.xml`)).status).toBe(200);
  const session = decodeSupportSession(
    await (
      await send(
        'POST',
        '/support_sessions.xml',
        '<support_session><customer>J</customer><language>es</language><customer_mail>j@customer.example</customer_mail><planned_init_time>2099-01-01T10:00:00Z</planned_init_time></support_session>',
      )
    ).text(),
  );
  expect(
    (
      await send(
        'PUT',
        `/support_sessions/${session.id}.xml`,
        '<support_session><customer>J2</customer></support_session>',
      )
    ).status,
  ).toBe(200);
  return h;
}

const accountOf = (h: Harness): unknown => {
  const { users, folders, devices, sessions, nextId } = h.service.store.snapshot();
  const byId = <T extends { id: string }>(items: T[]): T[] =>
    [...items].sort((a, b) => Number(a.id) - Number(b.id));
  return {
    users: byId(users),
    folders: byId(folders),
    devices: byId(devices),
    sessions: byId(sessions),
    nextId,
  };
};

describe('write-ahead journal', () => {
  it('a directory copied mid-run restarts to the same account, outbox and tokens', async () => {
    const first = await busyService();
    try {
      expect((await readdir(dir)).some((name) => /^journal\.\d+\.log$/.test(name))).toBe(true);
      await cp(dir, copy, { recursive: true });
      const second = await startTestService({ dataDir: copy });
      try {
        expect(accountOf(second)).toEqual(accountOf(first));
        expect(second.service.outbox.snapshot()).toEqual(first.service.outbox.snapshot());
        expect(second.service.provider.snapshot().accessTokens).toEqual(
          first.service.provider.snapshot().accessTokens,
        );
        expect(second.service.store.integrityProblem()).toBeNull();
      } finally {
        await second.service.close();
      }
    } finally {
      await first.service.close();
    }
  });

  it('a last line cut short by a crash is skipped; a corrupt line before it stops the start', async () => {
    const first = await busyService();
    const expected = accountOf(first);
    await cp(dir, copy, { recursive: true });
    await first.service.close();
    const journal = (await readdir(copy))
      .filter((name) => /^journal\.\d+\.log$/.test(name))
      .sort()
      .at(-1) as string;
    await appendFile(join(copy, journal), '{"folders":{"999":{"id":"999","na');
    const second = await startTestService({ dataDir: copy });
    expect(accountOf(second)).toEqual(expected);
    await second.service.close();

    await rm(copy, { recursive: true, force: true });
    await cp(dir, copy, { recursive: true });
    await writeFile(join(copy, 'journal.1.log'), 'not json\n{"nextId":{"folder":1,"session":1}}\n');
    await expect(startTestService({ dataDir: copy })).rejects.toThrow(StateFileError);
  });
});
