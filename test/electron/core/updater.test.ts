// The update policy (electron/core/updater.ts): where the feed comes from, when updates are off, and when
// checks run; what Settings will show survives a restart. electron-updater itself is behind `check`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/logger.js';
import type { UpdateCheckOutcome } from '../../../electron/core/updater.js';
import {
  CHECK_INTERVAL_MS,
  DEFAULT_UPDATE_FEED_URL,
  LastCheckStore,
  RETRY_AFTER_FAILURE_MS,
  UpdateScheduler,
  feedUrlProblem,
  packagingFeedUrl,
  resolveUpdateConfig,
} from '../../../electron/core/updater.js';
import { makeHarness } from '../support/core-harness.js';
import { FakeClock } from '../support/fake-clock.js';

const FEED = 'https://updates.example.org/stable/';

describe('update feed and when updates are off', () => {
  const packaged = { host: 'electron' as const, packaged: true, env: {}, packagedFeedUrl: FEED };

  it('uses the packaged feed, or the one an administrator sets for this installation', () => {
    expect(resolveUpdateConfig(packaged)).toEqual({ feedUrl: FEED, off: null });
    const other = 'https://mirror.example.net/sc/';
    expect(resolveUpdateConfig({ ...packaged, env: { SUPPORT_CONSOLE_UPDATE_URL: other } })).toEqual({
      feedUrl: other,
      off: null,
    });
  });

  it('is off in development, in the browser host, and without a usable feed', () => {
    expect(resolveUpdateConfig({ ...packaged, packaged: false }).off).toBe('development');
    expect(resolveUpdateConfig({ ...packaged, host: 'browser' })).toEqual({
      feedUrl: null,
      off: 'browser-host',
    });
    expect(resolveUpdateConfig({ ...packaged, packagedFeedUrl: null }).off).toBe('no-feed');
    expect(
      resolveUpdateConfig({ ...packaged, env: { SUPPORT_CONSOLE_UPDATE_URL: 'http://updates.example.org/' } })
        .off,
    ).toBe('no-feed');
  });

  it('accepts only https feeds (plain http on this machine only, for testing)', () => {
    expect(feedUrlProblem(FEED)).toBeNull();
    expect(feedUrlProblem('http://127.0.0.1:8080/feed/')).toBeNull();
    expect(feedUrlProblem('http://updates.example.org/')).toMatch(/must be an https:\/\//);
    expect(feedUrlProblem('not a url')).toMatch(/is not a URL/);
    expect(packagingFeedUrl({})).toBe(DEFAULT_UPDATE_FEED_URL);
    expect(packagingFeedUrl({ SUPPORT_CONSOLE_UPDATE_URL: FEED })).toBe(FEED);
    expect(() => packagingFeedUrl({ SUPPORT_CONSOLE_UPDATE_URL: 'ftp://x/' })).toThrow(
      /SUPPORT_CONSOLE_UPDATE_URL/,
    );
  });
});

describe('update checks', () => {
  let dir: string;
  let clock: FakeClock;
  let outcomes: UpdateCheckOutcome[];
  let checks: number;
  const schedulers: UpdateScheduler[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sc-updates-'));
    clock = new FakeClock();
    outcomes = [];
    checks = 0;
  });
  afterEach(async () => {
    for (const s of schedulers.splice(0)) s.stop();
    await rm(dir, { recursive: true, force: true });
  });

  function scheduler(off: 'development' | null = null) {
    const s = new UpdateScheduler({
      config: { feedUrl: FEED, off },
      check: async () => {
        checks++;
        const next = outcomes.shift();
        if (!next) throw new Error('getaddrinfo ENOTFOUND updates.example.org');
        return next;
      },
      store: new LastCheckStore(dir),
      clock,
      logger: silentLogger,
    });
    schedulers.push(s);
    return s;
  }

  it('checks at start, then daily, and records each outcome with its time', async () => {
    outcomes.push({ outcome: 'up-to-date', version: '1.0.0' }, { outcome: 'downloading', version: '1.1.0' });
    const s = scheduler();
    s.start();
    await s.idle();
    expect(checks).toBe(1);
    expect((await s.status()).lastCheck).toEqual({
      outcome: 'up-to-date',
      version: '1.0.0',
      at: '2026-03-02T09:00:00.000Z',
    });
    expect(clock.pendingDelays()).toEqual([CHECK_INTERVAL_MS]);

    await clock.advance(CHECK_INTERVAL_MS - 1);
    await s.idle();
    expect(checks).toBe(1);
    await clock.advance(1);
    await s.idle();
    expect(checks).toBe(2);
    expect(await s.status()).toEqual({
      feedUrl: FEED,
      off: null,
      lastCheck: { outcome: 'downloading', version: '1.1.0', at: '2026-03-03T09:00:00.000Z' },
    });
  });

  it('records a failed check and tries again an hour later, not tomorrow', async () => {
    const s = scheduler();
    s.start();
    await s.idle();
    const { lastCheck } = await s.status();
    expect(lastCheck).toMatchObject({ outcome: 'failed', stage: 'check' });
    expect(lastCheck?.outcome === 'failed' && lastCheck.message).toContain('ENOTFOUND');
    expect(clock.pendingDelays()).toEqual([RETRY_AFTER_FAILURE_MS]);
  });

  it('checks on wake when the daily check fell due while the computer slept', async () => {
    outcomes.push({ outcome: 'up-to-date', version: '1.0.0' }, { outcome: 'up-to-date', version: '1.0.0' });
    const s = scheduler();
    s.start();
    await s.idle();
    s.resumed();
    await s.idle();
    expect(checks).toBe(1);
    // Timers do not run during sleep: the wall clock moves on, the timer has not fired.
    clock.set(clock.now() + CHECK_INTERVAL_MS + 60_000);
    s.resumed();
    await s.idle();
    expect(checks).toBe(2);
  });

  it('never checks when updates are off, and says why', async () => {
    const s = scheduler('development');
    s.start();
    s.resumed();
    await s.checkNow();
    await s.idle();
    expect(checks).toBe(0);
    expect(clock.pendingDelays()).toEqual([]);
    expect(await s.status()).toEqual({ feedUrl: FEED, off: 'development', lastCheck: null });
  });

  it('shows the last check after a restart, and ignores a damaged record', async () => {
    outcomes.push({ outcome: 'downloaded', version: '1.2.0' });
    const first = scheduler();
    first.start();
    await first.idle();
    first.stop();
    const again = scheduler('development');
    expect((await again.status()).lastCheck).toMatchObject({ outcome: 'downloaded', version: '1.2.0' });

    await writeFile(path.join(dir, 'update-check.json'), '{"at": "yesterday", "outcome": "up-to-date"');
    expect((await scheduler('development').status()).lastCheck).toBeNull();
  });
});

describe('the core answers updates:status', () => {
  it("with the host's updater when it has one, else off for the browser host", async () => {
    const browser = await makeHarness();
    const electron = await makeHarness({
      overrides: {
        host: 'electron',
        updateStatus: async () => ({ feedUrl: FEED, off: null, lastCheck: null }),
      },
    });
    try {
      expect(await browser.core.handlers['updates:status']({})).toEqual({
        feedUrl: null,
        off: 'browser-host',
        lastCheck: null,
      });
      expect(await electron.core.handlers['updates:status']({})).toEqual({
        feedUrl: FEED,
        off: null,
        lastCheck: null,
      });
    } finally {
      await browser.dispose();
      await electron.dispose();
    }
  });
});
