// The replay memory's file reaches the disk, not just the page cache: every line is fsync'd before append
// returns (the request it names is answered only after), and a rewrite syncs the temp file before the
// rename and the directory after it. A power cut cannot be staged here, so this is what the test can
// prove: the calls, in that order, on those descriptors, seen through the file-system seam of the nonce
// file (real calls underneath); and that the file they leave reads back at a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { NONCE_FILE_NAME, NonceFile, readNonceFile, type NonceFs } from '../../service/nonce-file.js';
import { NonceStore } from '../../service/oauth/nonce-store.js';

type Call = [string, number | string];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nonce-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The real file system, with every call written down: name and descriptor (or path). */
function recordingFs(calls: Call[]): NonceFs {
  return {
    openSync(path, flags, mode) {
      const fd = fs.openSync(path, flags, mode);
      calls.push([`open:${flags}`, path], ['fd', fd]);
      return fd;
    },
    writeSync(fd, text) {
      calls.push(['write', fd]);
      return fs.writeSync(fd, text);
    },
    fdatasyncSync(fd) {
      calls.push(['sync', fd]);
      fs.fdatasyncSync(fd);
    },
    fsyncSync(fd) {
      calls.push(['sync', fd]);
      fs.fsyncSync(fd);
    },
    closeSync(fd) {
      calls.push(['close', fd]);
      fs.closeSync(fd);
    },
    renameSync(from, to) {
      calls.push(['rename', to]);
      fs.renameSync(from, to);
    },
    rmSync(path, options) {
      fs.rmSync(path, options);
    },
  };
}

/** The descriptor the call just after `open` of `path` returned. */
function fdOf(calls: Call[], path: string, flags: string): number {
  const at = calls.findLastIndex(([name, target]) => name === `open:${flags}` && target === path);
  return calls[at + 1]![1] as number;
}

function newStore(): NonceStore {
  return new NonceStore({ windowSeconds: 600 });
}

it('each line is synced on its own descriptor before append returns', () => {
  const calls: Call[] = [];
  const store = newStore();
  const file = new NonceFile(dir, () => store, recordingFs(calls));
  file.open();
  const appendFd = fdOf(calls, join(dir, NONCE_FILE_NAME), 'a');

  for (const n of [1, 2, 3]) {
    calls.length = 0;
    file.append(1_750_000_000 + n, `k${String(n).padStart(21, '0')}`);
    expect(calls).toEqual([
      ['write', appendFd],
      ['sync', appendFd],
    ]);
  }
  file.close();
  expect(readNonceFile(dir)).toHaveLength(3);
});

it('a rewrite syncs the temp file before the rename and the directory after it, then appends to the new file', () => {
  const calls: Call[] = [];
  const store = newStore();
  store.add('c', 't', 1_750_000_000, 'n1', 1_750_000_000);
  const file = new NonceFile(dir, () => store, recordingFs(calls));
  file.open();
  const path = join(dir, NONCE_FILE_NAME);

  const tempFd = calls[1]![1] as number;
  const rename = calls.findIndex(([name]) => name === 'rename');
  expect(calls.slice(0, rename + 1)).toEqual([
    ['open:w', `${path}.${process.pid}.tmp`],
    ['fd', tempFd],
    ['write', tempFd],
    ['sync', tempFd],
    ['close', tempFd],
    ['rename', path],
  ]);
  const dirFd = fdOf(calls, dir, 'r');
  expect(calls.slice(rename + 1, rename + 5)).toEqual([
    ['open:r', dir],
    ['fd', dirFd],
    ['sync', dirFd],
    ['close', dirFd],
  ]);
  expect(calls.at(-2)).toEqual(['open:a', path]);
  file.close();
  expect(readNonceFile(dir)).toHaveLength(1);
});
