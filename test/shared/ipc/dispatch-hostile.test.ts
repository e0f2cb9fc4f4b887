// What the invoke-table fuzz (test/electron/ipc/invoke-table-fuzz.test.ts) found, pinned:
// - saved views nested thousands deep overflowed the stack in the schema's size check, and dispatch threw
//   (over the browser host: a 500) instead of refusing;
// - a refusal without a field said only "The request was not valid." (now: why), and a megabyte-long key
//   was echoed back whole in the message.
import { expect, it } from 'vitest';
import type { InvokeHandlers } from '../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import { INVOKE_CHANNELS } from '../../../shared/ipc/schemas.js';

const called: string[] = [];
const handlers = Object.fromEntries(
  INVOKE_CHANNELS.map((channel) => [
    channel,
    async () => {
      called.push(channel);
    },
  ]),
) as unknown as InvokeHandlers;

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

it('saved views nested 10,000 deep are refused with a reason, not thrown on', async () => {
  const result = await dispatchInvoke(handlers, 'views:save', {
    views: [{ id: 'v1', name: 'Deep', filter: nested(10_000) }],
  });
  expect(result).toEqual({
    ok: false,
    error: {
      kind: 'validation',
      message: 'The request was not valid: saved views larger than 1 MB or nested deeper than 32 levels.',
    },
  });
  expect(called).toEqual([]);
});

it('saved views of an ordinary depth are still accepted', async () => {
  const result = await dispatchInvoke(handlers, 'views:save', {
    views: [{ id: 'v1', name: 'Usual', filter: nested(20) }],
  });
  expect(result).toEqual({ ok: true });
  expect(called).toEqual(['views:save']);
  called.length = 0;
});

it('a refusal says why, and does not echo a huge key back', async () => {
  const key = 'k'.repeat(1_000_000);
  const result = await dispatchInvoke(handlers, 'folders:delete', { id: '1', [key]: 1 });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.kind).toBe('validation');
  expect(result.error.message).toMatch(/^The request was not valid: Unrecognized key/);
  expect(result.error.message.length).toBeLessThan(300);

  const proto = await dispatchInvoke(handlers, 'folders:delete', JSON.parse('{"id":"1","__proto__":{}}'));
  expect(proto.ok || proto.error.message).toMatch(/Unrecognized key: "__proto__"/);
  expect(called).toEqual([]);
});
