// Small parts of the core: the devices diff at scale, the redacting logger, the tray model, the folder walk.
import { describe, expect, it } from 'vitest';
import { DevicesMirror } from '../../../electron/core/devices-mirror.js';
import { createLogger, redactText } from '../../../electron/core/logger.js';
import { computeTrayState } from '../../../electron/core/tray-state.js';
import type { AuthState } from '../../../shared/ipc/contract.js';
import { ADMIN, device, session } from '../support/fake-service.js';

describe('the devices diff (the poll worker’s mirror)', () => {
  it('finds nothing in 100,000 unchanged devices and exactly the changes otherwise', () => {
    const mirror = new DevicesMirror();
    const make = () => Array.from({ length: 100_000 }, (_, i) => device(String(i), i % 7 ? '10' : null));
    const none = { added: [], changed: [], removed: [] };
    const step = (list: ReturnType<typeof make>, hash: string) => {
      const delta = mirror.diff(list, hash);
      mirror.commit();
      return delta;
    };
    expect(step(make(), 'a').added).toHaveLength(100_000);
    expect(step(make(), 'b')).toEqual(none);
    const next = make();
    next[5] = { ...next[5]!, status: { unknown: 'sleeping' } };
    next.pop();
    const delta = step(next, 'c');
    expect(delta.changed.map((d) => d.id)).toEqual(['5']);
    expect(delta.removed).toEqual(['99999']);
    expect(delta.added).toEqual([]);
    // an unknown enum with the same text is equal, not a change
    const again = next.map((d) => (d.id === '5' ? { ...d, status: { unknown: 'sleeping' } } : d));
    expect(step(again, 'd')).toEqual(none);
  });
});

describe('logger', () => {
  it('never writes tokens, secrets, signatures, Authorization headers or PINs', () => {
    const lines: string[] = [];
    const log = createLogger((_level, line) => lines.push(line));
    log.info('GET http://x/devices.xml?oauth_token=tok123&oauth_signature=sig%3D&oauth_nonce=n1', {
      headers: { Authorization: 'OAuth oauth_token="tok123", oauth_signature="abc"' },
      consumerSecret: 'cs-999',
      pin: '4321',
      nested: { tokenSecret: 'ts-1', note: 'oauth_verifier=v-77' },
      error: new Error('refused: oauth_token_secret=zzz'),
    });
    const out = lines.join('\n');
    for (const secret of ['tok123', 'sig%3D', 'abc', 'cs-999', '4321', 'ts-1', 'v-77', 'zzz']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('oauth_nonce=n1'); // not a secret: kept for diagnosis
    expect(redactText('Authorization: OAuth oauth_signature="x"')).toBe('Authorization: [redacted]');
  });
});

describe('tray state', () => {
  const signedIn: AuthState = {
    status: 'signed-in',
    account: { baseUrl: 'http://x', consumerKey: 'k', user: ADMIN },
    credentialStore: 'keychain',
  };
  it('lists ongoing sessions and the next planned ones with codes, by time', () => {
    const sessions = [
      session('1', 'planned', { plannedInitTime: '2026-03-02T12:00:00Z' }),
      session('2', 'planned', { plannedInitTime: '2026-03-02T10:00:00Z' }),
      session('3', 'ongoing', { initTime: '2026-03-02T09:00:00Z' }),
      session('4', 'finished'),
    ];
    const state = computeTrayState(signedIn, { connection: 'online' }, sessions, null);
    expect(state.status).toBe('online');
    expect(state.ongoing.map((s) => s.code)).toEqual(['C3']);
    expect(state.upcoming.map((s) => s.id)).toEqual(['2', '1']);
    expect(state.language).toBe('en');
    expect(computeTrayState(signedIn, { connection: 'online' }, sessions, null, 'ge').language).toBe('ge');
    expect(computeTrayState(signedIn, { connection: 'offline' }, sessions, null).status).toBe('offline');
    const out = computeTrayState(
      {
        status: 'signed-out',
        defaults: { baseUrl: 'x', consumerKey: 'k', hasConfiguredSecret: false },
        keychainAvailable: true,
      },
      { connection: 'idle' },
      sessions,
      null,
    );
    expect(out).toEqual({
      status: 'signed-out',
      ongoing: [],
      upcoming: [],
      notificationsPausedUntil: null,
      language: 'en',
    });
  });
});
