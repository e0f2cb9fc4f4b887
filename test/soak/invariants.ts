// The soak's invariants, each a function that throws a Violation naming itself and what broke. The
// witness is the service's own state (read from its process, not through the console), the host's data
// directory and the logs; the ledger says what the console told the technician.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DeviceHistory } from '../../shared/ipc/contract.js';
import type { OutboxState, OutboxWrite } from '../../shared/outbox.js';
import type { BridgeClient } from './bridge-client.js';
import type { HostCounts, ServiceState } from './children.js';
import type { Ledger, Write } from './ledger.js';
import { baseOf, FOLDER_PREFIX, folderIdentity, SESSION_PREFIX } from './technician.js';

export class Violation extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`invariant "${invariant}" broken: ${detail}`);
  }
}

/** A stretch (host clock, ms) when the console could not see the service: a fault and what it took. */
export interface Downtime {
  start: number;
  end: number;
  why: string;
}

/** Invariants checked, by name, for the report. */
export const checked = new Map<string, number>();
const tick = (name: string) => checked.set(name, (checked.get(name) ?? 0) + 1);

const describe = (writes: Write[]) =>
  writes
    .map((w) => `#${w.seq} ${w.kind} → ${w.value} (${w.outcome}${w.error ? `: ${w.error}` : ''})`)
    .join('; ');

function expect(ledger: Ledger, register: string, actual: string, invariant = 'exactly-once'): void {
  const e = ledger.expectation(register);
  if (e.acceptable.has(actual) || (e.acceptable.has('*') && !e.failed.some((w) => w.value === actual)))
    return;
  const failed = e.failed.find((w) => w.value === actual);
  throw new Violation(
    failed ? 'failed-did-not-happen' : invariant,
    `${register} is ${actual} on the service; the console's writes: ${describe(ledger.history(register))}`,
  );
}

/** Every write the console reported done is on the service exactly once; none reported failed happened. */
export function checkService(state: ServiceState, ledger: Ledger): void {
  tick('service-matches-ledger');
  const folders = new Map(state.folders.map((f) => [f.id, f]));
  const byBase = new Map<string, typeof state.folders>();
  for (const f of state.folders) {
    if (!/^sf\d+/.test(f.name)) continue;
    const list = byBase.get(baseOf(f.name)) ?? [];
    list.push(f);
    byBase.set(baseOf(f.name), list);
  }
  for (const register of ledger.registers('folder-exists:')) {
    const base = register.slice('folder-exists:'.length);
    const found = byBase.get(base) ?? [];
    if (found.length > 1)
      throw new Violation('exactly-once', `folder ${base} is on the service ${found.length} times`);
    expect(ledger, register, found.length === 1 ? 'yes' : 'no');
    const folder = found[0];
    if (!folder) continue;
    expect(ledger, `folder-name:${base}`, folder.name);
    expect(ledger, `folder-parent:${base}`, folderIdentity(folder.parentId, folders));
  }
  for (const base of byBase.keys())
    if (ledger.history(`folder-exists:${base}`).length === 0)
      throw new Violation(
        'no-unknown-writes',
        `folder ${base} (${FOLDER_PREFIX}…) is on the service; no write made it`,
      );

  const sessions = new Map<string, typeof state.sessions>();
  for (const s of state.sessions) {
    if (!s.customer.startsWith(SESSION_PREFIX)) continue;
    const list = sessions.get(baseOf(s.customer)) ?? [];
    list.push(s);
    sessions.set(baseOf(s.customer), list);
  }
  for (const register of ledger.registers('session-exists:')) {
    const base = register.slice('session-exists:'.length);
    const found = sessions.get(base) ?? [];
    if (found.length > 1)
      throw new Violation('exactly-once', `session ${base} is on the service ${found.length} times`);
    expect(ledger, register, found.length === 1 ? 'yes' : 'no');
    if (found[0]) expect(ledger, `session-customer:${base}`, found[0].customer);
  }
  for (const base of sessions.keys())
    if (ledger.history(`session-exists:${base}`).length === 0)
      throw new Violation('no-unknown-writes', `session ${base} is on the service; no write made it`);

  const devices = new Map(state.devices.map(([id, folderId, alias]) => [id, { folderId, alias }]));
  for (const register of ledger.registers('device-')) {
    const id = register.slice(register.indexOf(':') + 1);
    const device = devices.get(id);
    if (!device) throw new Violation('exactly-once', `device ${id} is no longer on the service`);
    if (register.startsWith('device-alias:')) expect(ledger, register, device.alias);
    else expect(ledger, register, folderIdentity(device.folderId, folders));
  }
}

/** The technician's own files (saved views, watches) are what the console last said it saved. */
export async function checkLocalFiles(client: BridgeClient, ledger: Ledger): Promise<void> {
  tick('local-files-kept');
  const views = await client.invoke<{ views: Array<{ id: string }> }>('views:load', {});
  if ('lost' in views || !views.ok) throw new Violation('local-files-kept', 'views:load did not answer');
  if (ledger.history('views').length > 0)
    expect(ledger, 'views', views.value.views.map((v) => v.id).join(','), 'local-files-kept');
  const watches = await client.invoke<{ watches: Array<{ id: string }> }>('watch:get', {});
  if ('lost' in watches || !watches.ok) throw new Violation('local-files-kept', 'watch:get did not answer');
  if (ledger.history('watches').length > 0)
    expect(ledger, 'watches', watches.value.watches.map((w) => w.id).join(','), 'local-files-kept');
}

/** The register and value an outbox write sets, as the technician's ledger names them. */
export function registerOf(write: OutboxWrite, client: BridgeClient): Array<[string, string]> {
  const folders = client.picture.folders;
  const baseOfId = (id: string) => baseOf(folders.get(id)?.name ?? `?${id}`);
  switch (write.kind) {
    case 'device': {
      const out: Array<[string, string]> = [];
      if (write.alias !== undefined) out.push([`device-alias:${write.id}`, write.alias]);
      if (write.folderId !== undefined)
        out.push([`device-folder:${write.id}`, folderIdentity(write.folderId, folders)]);
      return out;
    }
    case 'folder-create':
      return [[`folder-exists:${write.name}`, 'yes']];
    case 'folder-update': {
      const out: Array<[string, string]> = [[`folder-name:${baseOf(write.name)}`, write.name]];
      if (write.parentId !== undefined)
        out.push([`folder-parent:${baseOf(write.name)}`, folderIdentity(write.parentId, folders)]);
      return out;
    }
    case 'folder-delete':
      return [[`folder-exists:${baseOfId(write.id)}`, 'no']];
    case 'session-update':
      return write.update.customer
        ? [[`session-customer:${baseOf(write.update.customer)}`, write.update.customer]]
        : [];
  }
}

/**
 * The outbox drains by itself once the service is back (nothing is nudged; a conflict is answered as the
 * technician would, keeping their change). Its final word settles the ledger: a failed item was reported
 * failed; a bulk move's items are done but for the failures its batch lists.
 */
export async function drainOutbox(
  client: BridgeClient,
  ledger: Ledger,
  timeoutMs: number,
): Promise<OutboxState> {
  tick('outbox-drains');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.invoke<OutboxState>('outbox:state', {}, 10_000);
    if (!('lost' in answer) && answer.ok) {
      const state = answer.value;
      for (const conflict of state.conflicts)
        await client.invoke('outbox:resolve', { entryId: conflict.entryId, choice: 'mine' }, 10_000);
      const running = state.batches.some((b) => b.state === 'running' || b.state === 'paused');
      if (state.pending === 0 && !running) {
        settleFromOutbox(state, client, ledger);
        return state;
      }
      if (Date.now() > deadline)
        throw new Violation(
          'outbox-drains',
          `${state.pending} writes still pending ${Math.round(timeoutMs / 1000)} s after the service was back (waiting: ${state.waiting})`,
        );
    } else if (Date.now() > deadline) {
      throw new Violation('outbox-drains', 'outbox:state did not answer');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function settleFromOutbox(state: OutboxState, client: BridgeClient, ledger: Ledger): void {
  for (const item of state.items) {
    if (item.state !== 'failed' || item.batchId) continue;
    for (const [register, value] of registerOf(item.write, client)) {
      const write = ledger.find(register, value);
      if (write) ledger.settle(write, 'failed', item.error?.message ?? 'failed in the outbox');
    }
  }
  const batches = new Map(state.batches.map((b) => [b.id, b]));
  for (const write of ledger.queued()) {
    const batch = write.batchId ? batches.get(write.batchId) : undefined;
    if (!batch) {
      // A batch the outbox no longer lists finished with nothing left to say.
      ledger.settle(write, 'done');
      continue;
    }
    const id = write.register.slice('device-folder:'.length);
    const failure = batch.failures.find((f) => f.itemId === id);
    if (failure) ledger.settle(write, 'failed', failure.error.message);
    // Failures beyond the first 200 are not named: those items may or may not have moved.
    else if (batch.failed > batch.failures.length) ledger.settle(write, 'lost');
    else if (batch.cancelled > 0) ledger.settle(write, 'lost');
    else ledger.settle(write, 'done');
  }
}

/** The offline copy reloads complete after a kill: every device, no notice of a discarded copy. */
export function checkOfflineCopy(counts: HostCounts, devices: number): void {
  tick('offline-copy-complete');
  if (counts.cacheNotice)
    throw new Violation('offline-copy-complete', `the copy was discarded: ${counts.cacheNotice}`);
  if (counts.cacheSavedAt === null)
    throw new Violation('offline-copy-complete', 'no offline copy was loaded');
  if (counts.devices !== devices)
    throw new Violation('offline-copy-complete', `the copy holds ${counts.devices} of ${devices} devices`);
  if (counts.auth !== 'signed-in')
    throw new Violation('offline-copy-complete', `the account came back ${counts.auth}, not signed in`);
}

/** No temp file of an atomic write older than this start (a crash's leftovers are removed at start). */
export function checkTempFiles(dir: string, startedAt: number): void {
  tick('no-stale-temp-files');
  for (const file of walk(dir)) {
    if (!file.endsWith('.tmp')) continue;
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs < startedAt - 1000)
      throw new Violation('no-stale-temp-files', `${path.relative(dir, file)} outlived the start`);
  }
}

/** No access token or token secret in the host's data directory or in any log. */
export function checkSecrets(dirs: string[], logs: string[], secrets: string[]): void {
  tick('no-secrets-on-disk');
  const files = [...dirs.flatMap((d) => [...walk(d)]), ...logs];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file).toString('latin1');
    } catch {
      continue; // removed meanwhile (a temp file renamed into place)
    }
    for (const secret of secrets)
      if (secret.length >= 8 && text.includes(secret))
        throw new Violation('no-secrets-on-disk', `a token or secret is in ${file}`);
  }
}

/**
 * The status history has no gap longer than the downtime plus one poll: each 'unknown' stretch of a
 * device's timeline is covered by the downtimes it overlaps (and any clock step), plus one poll and slack.
 */
export async function checkHistoryGaps(
  client: BridgeClient,
  deviceIds: string[],
  downtimes: Downtime[],
  pollMs: number,
  /** When the console first recorded the account (host clock): before it, the history is rightly unknown. */
  recordedFrom: number,
): Promise<void> {
  tick('history-no-long-gap');
  const slack = 15_000;
  for (const deviceId of deviceIds) {
    const answer = await client.invoke<DeviceHistory>('history:device', { deviceId, days: 1 }, 20_000);
    if ('lost' in answer || !answer.ok)
      throw new Violation('history-no-long-gap', `history:device ${deviceId} failed`);
    for (const bar of answer.value.bars) {
      if (bar.status !== 'unknown' || bar.start < recordedFrom) continue;
      const from = bar.start - pollMs - slack;
      const to = bar.end + pollMs + slack;
      let covered = 0;
      for (const d of downtimes) if (d.end >= from && d.start <= to) covered += d.end - d.start;
      const allowed = covered + pollMs + slack;
      if (bar.end - bar.start > allowed)
        throw new Violation(
          'history-no-long-gap',
          `device ${deviceId}: ${Math.round((bar.end - bar.start) / 1000)} s unknown from ${new Date(bar.start).toISOString()}; downtime nearby ${Math.round(covered / 1000)} s, one poll ${pollMs / 1000} s`,
        );
    }
  }
}

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
