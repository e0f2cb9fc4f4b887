// One error model: AppFailure is the thrown form, AppError the data; toAppError turns anything thrown into
// that data with the known fields only; writeBlock answers "can we write now?" for both processes.
import { describe, expect, it } from 'vitest';
import { AppFailure, fail, pickAppError, toAppError } from '../../shared/errors.js';
import { writeBlock, writeBlockError } from '../../shared/write-guard.js';

describe('AppFailure and toAppError', () => {
  it('round-trips every AppError field and nothing else', () => {
    const failure = new AppFailure({
      kind: 'service',
      message: 'This folder is not empty.',
      code: 1103,
      httpStatus: 403,
      resource: 'folder',
      field: 'name',
      retryable: false,
      outcomeUnknown: true,
      oauthProblem: 'timestamp_refused',
      cause: new Error('Authorization: OAuth oauth_signature="s3cret"'),
    });
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe(1103);
    expect(toAppError(failure)).toEqual({
      kind: 'service',
      message: 'This folder is not empty.',
      code: 1103,
      httpStatus: 403,
      resource: 'folder',
      field: 'name',
      retryable: false,
      outcomeUnknown: true,
      // The OAuth problem crosses as `problem`: it picks the sentence shown (shared/i18n/error-text.ts).
      problem: 'timestamp_refused',
    });
    expect(JSON.stringify(toAppError(failure))).not.toContain('s3cret');
  });

  it('states retryable as false unless the thrower knows better', () => {
    expect(new AppFailure({ kind: 'network', message: 'x' }).toAppError().retryable).toBe(false);
    expect(new AppFailure({ kind: 'network', message: 'x', retryable: true }).retryable).toBe(true);
  });

  it('fail() throws the failure; a plain AppError object is copied without extra keys', () => {
    expect(() => fail({ kind: 'validation', message: 'No.' })).toThrow(AppFailure);
    const extra = { kind: 'timeout', message: 'late', header: 'Authorization: x' } as never;
    expect(pickAppError(extra)).toEqual({ kind: 'timeout', message: 'late' });
    // A message's values carry strings and numbers only.
    const withValues = {
      kind: 'offline',
      message: 'x',
      key: 'k',
      values: { since: 's', n: 1, bad: {} },
    } as never;
    expect(pickAppError(withValues)).toEqual({
      kind: 'offline',
      message: 'x',
      key: 'k',
      values: { since: 's', n: 1 },
    });
  });
});

describe('writeBlock', () => {
  it('a revoked sign-in is its own answer, never "offline"', () => {
    expect(writeBlock('reauth-required', 'offline')).toBe('reauth');
    expect(writeBlock('awaiting-pin', 'idle', true)).toBe('reauth');
    expect(writeBlockError('reauth', null).kind).toBe('not-signed-in');
  });

  it('refuses while signed out or offline, allows when signed in and reachable', () => {
    expect(writeBlock('signed-out', 'idle')).toBe('signed-out');
    expect(writeBlock('awaiting-pin', 'idle')).toBe('signed-out');
    expect(writeBlock('signed-in', 'offline')).toBe('offline');
    expect(writeBlock('signed-in', 'online')).toBeNull();
    expect(writeBlock('signed-in', 'connecting')).toBeNull();
    expect(writeBlockError('offline', '2026-11-21T09:30:00.000Z')).toMatchObject({
      kind: 'offline',
      retryable: true,
      message: expect.stringContaining('Offline since 2026-11-21 09:30 UTC'),
    });
  });
});
