// Payloads for fuzzing the invoke table: one well-formed request per channel as a seed, and arbitraries
// that break it the ways a compromised or buggy renderer could (wrong types, extra keys, huge strings,
// prototype-pollution keys, NaN and infinities, deep nesting), plus anything at all. Which of them a
// channel's schema would accept is for the test to ask: only refused ones are expected to be refused.
import fc from 'fast-check';
import type { InvokeChannel } from '../../../shared/ipc/contract.js';

const when = { offline: true, online: false, offlineLongerMinutes: null, busyLongerMinutes: null };

/** A request each channel accepts (ids that exist nowhere: a seed to break, never sent as is). */
export const SEEDS: Record<InvokeChannel, Record<string, unknown>> = {
  'app:snapshot': {},
  'app:cancel': { callId: 'c1' },
  'auth:begin': { baseUrl: 'http://127.0.0.1:9', consumerKey: 'k', consumerSecret: '' },
  'auth:complete': { pin: '1234' },
  'auth:cancel': {},
  'auth:sign-out': {},
  'sync:refresh': { datasets: ['devices'] },
  'devices:set-alias': { id: 'd1', alias: 'Front desk' },
  'devices:move': { ids: ['d1'], folderId: null },
  'folders:create': { name: 'New', parentId: null },
  'folders:rename': { id: 'f1', name: 'Renamed' },
  'folders:move': { id: 'f1', parentId: null },
  'folders:delete': { id: 'f1' },
  'sessions:create': { customer: 'Ada', language: 'en' },
  'sessions:update': { id: 's1', customer: 'Ada' },
  'sessions:delete': { id: 's1' },
  'shell:open-external': { url: 'http://127.0.0.1:9/' },
  'settings:update': { theme: 'dark' },
  'notifications:pause': { minutes: 30 },
  'window:activity': { visible: true, focused: true },
  'accounts:list': {},
  'accounts:add': { name: 'Customer B' },
  'accounts:switch': { id: 'a1', open: { kind: 'device', id: 'd1' } },
  'accounts:rename': { id: 'a1', name: 'Customer B' },
  'accounts:remove': { id: 'a1' },
  'accounts:search': { query: 'desk 10.0' },
  'accounts:view-matches': {
    search: 'desk',
    where: { kind: 'group', op: 'and', conditions: [{ kind: 'status', in: ['offline'] }] },
    sort: { key: 'name', direction: 'asc' },
    limit: 50,
  },
  'accounts:quiet-hours': { quietHours: { fromMinute: 1320, toMinute: 420 } },
  'updates:status': {},
  'outbox:state': {},
  'outbox:resolve': { entryId: 'e1', choice: 'mine' },
  'outbox:retry': { entryId: 'e1' },
  'outbox:discard': { entryId: 'e1' },
  'outbox:cancel': { entryId: 'e1' },
  'bulk:start': { kind: 'move', ids: ['d1'], folderId: null },
  'bulk:pause': { batchId: 'b1' },
  'bulk:resume': { batchId: 'b1' },
  'bulk:cancel': { batchId: 'b1' },
  'bulk:retry': { batchId: 'b1' },
  'bulk:undo-record': { batchId: 'b1' },
  'history:device': { deviceId: 'd1', days: 1 },
  'history:overview': {},
  'history:usage': {},
  'history:query': { status: 'offline' },
  'history:export': { target: { kind: 'device', id: 'd1' }, days: 1, zone: 'UTC' },
  'watch:get': {},
  'watch:set': { watches: [{ id: 'w1', target: { kind: 'account' }, when }], quietHours: null },
  'watch:device': { deviceId: 'd1', change: { offline: true } },
  'views:load': {},
  'views:save': { views: [{ id: 'v1', name: 'Mine' }] },
};

export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Nested `depth` levels deep, in arrays or objects. */
export function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = asObject ? { id: 'v', name: 'n', inner: value } : [value];
  // fast-check prints a failing case recursively: this one it prints by its shape, not level by level.
  Object.defineProperty(value, fc.toStringMethod, {
    value: () => `<${depth} levels of ${asObject ? 'objects' : 'arrays'}>`,
  });
  return value;
}

const HUGE = 'x'.repeat(1_000_000);

/** Values of the wrong kind for almost any field. */
export const strangeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    NaN,
    Infinity,
    -Infinity,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    null,
    undefined,
    true,
    '',
    '   ',
    '\u0000',
    '\uD800',
    '‮evil',
    HUGE,
    [],
    {},
    [HUGE],
    { toString: 'x' },
  ),
  fc.integer({ min: 5_000, max: 20_000 }).map((d) => nested(d, false)),
  // Objects shaped like a saved view (id, name) get past a loose schema to whatever looks inside.
  { weight: 2, arbitrary: fc.integer({ min: 2_000, max: 8_000 }).map((d) => nested(d, true)) },
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true }),
);

/** An own enumerable property named `key`, even `__proto__` (as JSON.parse would make it). */
export function withOwn(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A field replaced by a strange value, or a key added, somewhere in the seed (also inside arrays). */
function mutate(seed: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(seed);
  const replace =
    keys.length === 0
      ? fc.constant(seed)
      : fc.tuple(fc.constantFrom(...keys), strangeValue).map(([key, value]) => withOwn(seed, key, value));
  const extraKey = fc
    .tuple(fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 40 })), strangeValue)
    .map(([key, value]) => withOwn(seed, key, value));
  const pollutedProto = fc.constant(
    JSON.parse(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`),
  );
  const inArray = fc
    .tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), fc.array(strangeValue, { maxLength: 3 }))
    .map(([key, items]) => {
      const current = seed[key];
      return Array.isArray(current) ? withOwn(seed, key, [...current, ...items]) : withOwn(seed, key, items);
    });
  return fc.oneof(
    replace,
    extraKey,
    { weight: 2, arbitrary: inArray },
    pollutedProto.map((p: Record<string, unknown>) => ({ ...seed, ...p })),
  );
}

/** Anything a sender could put where a channel's request goes. */
export function payloadFor(channel: InvokeChannel): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: mutate(SEEDS[channel]) }, { weight: 1, arbitrary: strangeValue });
}

/** The channel names a sender might try that are not in the table. */
export const strangeChannel: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '',
    'app:snapshot ',
    'APP:SNAPSHOT',
    null,
    undefined,
    42,
    ['app:snapshot'],
    { toString: () => 'app:snapshot' },
  ),
  fc.string({ maxLength: 60 }),
);
