import { describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../shared/ipc/contract.js';
import { INVOKE_CHANNELS, invokeTable } from '../../../shared/ipc/schemas.js';
import { toAppError } from '../../../shared/errors.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';

function handlersThat(impl: Partial<InvokeHandlers>): InvokeHandlers {
  const all = {} as Record<string, unknown>;
  for (const channel of INVOKE_CHANNELS) {
    all[channel] =
      impl[channel] ??
      (async () => {
        throw new Error(`unexpected call to ${channel}`);
      });
  }
  return all as InvokeHandlers;
}

describe('IPC dispatch (main side of every invoke)', () => {
  it('names the same channels in the contract and the schemas', () => {
    expect(Object.keys(invokeTable).sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('refuses an unknown channel before any handler runs', async () => {
    const result = await dispatchInvoke(handlersThat({}), 'fs:read', { path: '/etc/passwd' });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'validation', message: 'Unknown request.', key: 'error.app.unknownRequest' },
    });
  });

  it('refuses an inherited property name as a channel', async () => {
    const result = await dispatchInvoke(handlersThat({}), 'constructor', {});
    expect(result.ok).toBe(false);
  });

  it('refuses an invalid payload with the field named, and the handler is not called', async () => {
    let called = false;
    const handlers = handlersThat({
      'folders:create': async () => {
        called = true;
        return { id: '1' };
      },
    });
    const result = await dispatchInvoke(handlers, 'folders:create', { name: '   ', parentId: null });
    expect(called).toBe(false);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('validation');
      expect(result.error.field).toBe('name');
    }
  });

  it('refuses fields the contract does not know (strict schemas)', async () => {
    const handlers = handlersThat({ 'folders:delete': async () => undefined });
    const result = await dispatchInvoke(handlers, 'folders:delete', { id: '7', recursive: true });
    expect(result.ok).toBe(false);
  });

  it('hands the handler the parsed payload (trimmed) and wraps its value', async () => {
    let seen: unknown;
    const handlers = handlersThat({
      'folders:rename': async (payload) => {
        seen = payload;
      },
    });
    const result = await dispatchInvoke(handlers, 'folders:rename', { id: '7', name: '  Accounting  ' });
    expect(result).toEqual({ ok: true, value: undefined });
    expect(seen).toEqual({ id: '7', name: 'Accounting' });
  });

  it('lets a session update clear its planned end with null, and still refuses a malformed end', async () => {
    const seen: unknown[] = [];
    const handlers = handlersThat({
      'sessions:update': async (payload) => {
        seen.push(payload);
      },
    });
    const cleared = await dispatchInvoke(handlers, 'sessions:update', { id: 's1', plannedEndTime: null });
    expect(cleared).toEqual({ ok: true, value: undefined });
    expect(seen).toEqual([{ id: 's1', plannedEndTime: null }]);
    expect(
      invokeTable['sessions:create'].request.safeParse({
        customer: 'C',
        language: 'en',
        plannedEndTime: null,
      }).success,
    ).toBe(false);
    const bad = await dispatchInvoke(handlers, 'sessions:update', { id: 's1', plannedEndTime: 'tomorrow' });
    expect(bad.ok).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('turns a thrown error with toAppError() into data carrying only the known fields', async () => {
    const handlers = handlersThat({
      'folders:delete': async () => {
        throw Object.assign(new Error('x'), {
          toAppError: () => ({
            kind: 'service',
            message: 'This folder is not empty.',
            code: 1103,
            httpStatus: 403,
            authorization: 'OAuth oauth_signature="secret"',
          }),
        });
      },
    });
    const result = await dispatchInvoke(handlers, 'folders:delete', { id: '7' });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'service', message: 'This folder is not empty.', code: 1103, httpStatus: 403 },
    });
  });

  it('turns an unexpected exception into an internal error without its message', () => {
    const error = toAppError(new Error('token=abc123 leaked in a message'));
    expect(error.kind).toBe('internal');
    expect(error.message).not.toContain('abc123');
  });
});
