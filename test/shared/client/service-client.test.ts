// ServiceClient against a real loopback HTTP server: paths, headers, bodies, signing per attempt, Location,
// retry only for GET, timeouts and cancellation.
import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeDeviceUpdate,
  decodeFolderInput,
  decodeSessionInput,
  encodeDevices,
  encodeErrorBody,
  encodeFolder,
  encodeSupportSessions,
  encodeUser,
  encodeUsers,
  encodeDevice,
  encodeSupportSession,
  encodeFolders,
} from '../../../shared/xml/index.js';
import type { Device } from '../../../shared/model.js';
import { failure, startHarness, type Harness } from '../support/client-harness.js';
import type { RecordedRequest, Reply } from '../support/test-server.js';
import { makeDevice, makeDevices, makeFolder, makeSession, makeUser } from '../support/fixtures.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.server.close();
  h = undefined;
});

async function harness(handler: (r: RecordedRequest, i: number) => Reply, options = {}): Promise<Harness> {
  h = await startHarness(handler, options);
  return h;
}

describe('paths and bodies', () => {
  it('reads every resource from its .xml path with both path forms', async () => {
    const routes: Record<string, string> = {
      'GET /folders/7.xml': encodeFolder(makeFolder(7, { devices: [makeDevice(1)] })),
      'GET /folders.xml': encodeFolders([makeFolder(1)]),
      'GET /folders/7/folders.xml': encodeFolders([makeFolder(8, { parentId: '7' })]),
      'GET /devices.xml': encodeDevices(makeDevices(3)),
      'GET /folders/7/devices.xml': encodeDevices([makeDevice(4, { folderId: '7' })]),
      'GET /devices/a%2Fb%20c.xml': encodeDevice(makeDevice(5, { id: 'a/b c' })),
      'GET /support_sessions.xml': encodeSupportSessions([makeSession(1)]),
      'GET /support_sessions/007.xml': encodeSupportSession(makeSession(7, { id: '007' })),
      'GET /users.xml': encodeUsers([makeUser(1), makeUser(2)]),
      'GET /users/2.xml': encodeUser(makeUser(2)),
      'GET /users/current.xml': encodeUser(makeUser(1)),
    };
    const { client, server } = await harness((r) => {
      const body = routes[`${r.method} ${r.url}`];
      return body === undefined ? { status: 404 } : { status: 200, body };
    });
    expect((await client.getFolder('7')).devices).toHaveLength(1);
    expect(await client.listFolders()).toEqual([makeFolder(1)]);
    expect((await client.listFolders('7'))[0]?.parentId).toBe('7');
    expect(await client.listDevices()).toEqual(makeDevices(3));
    expect((await client.listDevices('7'))[0]?.folderId).toBe('7');
    expect((await client.getDevice('a/b c')).id).toBe('a/b c');
    expect(await client.listSessions()).toHaveLength(1);
    expect((await client.getSession('007')).id).toBe('007');
    expect(await client.listUsers()).toHaveLength(2);
    expect((await client.getUser('2')).id).toBe('2');
    expect((await client.getCurrentUser()).role).toBe('administrator');
    for (const r of server.requests) expect(r.headers.accept).toBe('application/xml');
  });

  it('writes with both path forms, XML content type, and the exact bodies', async () => {
    const { client, server } = await harness((r) =>
      r.method === 'POST'
        ? { status: 201, headers: { Location: `http://x/folders/55` } }
        : { status: 200, body: r.method === 'DELETE' ? 'deleted' : '' },
    );
    await client.updateFolder('3', { name: 'A', devices: [] });
    await client.updateFolder('3', { name: 'A' }, { viaParent: '1' });
    await client.updateDevice('9', { folderId: null });
    await client.updateDevice('9', { alias: 'Desk' }, { viaFolder: '4' });
    await client.updateSession('6', { customer: 'C' });
    await client.deleteFolder('3');
    await client.deleteSession('6');
    await client.createFolder({ name: 'New', parentId: '2' }, { parentInPath: true });
    await client.createFolder({ name: 'Top' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /folders/3.xml',
      'PUT /folders/1/folders/3.xml',
      'PUT /devices/9.xml',
      'PUT /folders/4/devices/9.xml',
      'PUT /support_sessions/6.xml',
      'DELETE /folders/3.xml',
      'DELETE /support_sessions/6.xml',
      'POST /folders/2/folders.xml',
      'POST /folders.xml',
    ]);
    const [emptyDevices, , unassign, alias, session] = server.requests;
    expect(decodeFolderInput(emptyDevices!.body).devices).toEqual([]);
    expect(decodeFolderInput(server.requests[1]!.body).devices).toBeUndefined();
    expect(decodeDeviceUpdate(unassign!.body).folderId).toBeNull();
    expect(decodeDeviceUpdate(alias!.body)).toMatchObject({ alias: 'Desk' });
    expect(decodeSessionInput(session!.body).customer).toBe('C');
    for (const r of server.requests.filter((r) => r.method !== 'DELETE')) {
      expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    }
  });

  it('refuses ids that would address another path', async () => {
    const { client, server } = await harness(() => ({ status: 200 }));
    expect((await failure(client.getDevice('..'))).kind).toBe('validation');
    expect((await failure(client.deleteFolder(''))).kind).toBe('validation');
    expect(server.requests).toHaveLength(0);
  });

  it('hands large collections to the injected decoder', async () => {
    const seen: string[] = [];
    const { client } = await harness(() => ({ status: 200, body: encodeDevices(makeDevices(2)) }), {
      decode: {
        devices: async (text: string): Promise<Device[]> => {
          seen.push(text);
          return [makeDevice(99)];
        },
      },
    });
    expect(await client.listDevices()).toEqual([makeDevice(99)]);
    expect(seen[0]).toContain('<devices>');
  });
});

describe('signing', () => {
  it('asks the signer once per attempt, for the exact URL sent, without a body', async () => {
    const { client, server, signer } = await harness((_r, i) =>
      i < 2 ? { status: 503 } : { status: 200, body: '<users/>' },
    );
    await client.listUsers();
    expect(server.requests).toHaveLength(3);
    expect(signer.calls).toHaveLength(3);
    expect(signer.calls.every((c) => c.url === `${server.baseUrl}/users.xml` && c.form === undefined)).toBe(
      true,
    );
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Test consumer="consumer-key", token="access-token", n="1"',
      'Test consumer="consumer-key", token="access-token", n="2"',
      'Test consumer="consumer-key", token="access-token", n="3"',
    ]);
  });
});

describe('created ids from Location', () => {
  it.each([
    ['absolute folder form', '{base}/folders/123', '123'],
    ['absolute session form', '{base}/support_sessions/0456.xml', '0456'],
    ['relative', '/support_sessions/789.xml', '789'],
    ['encoded id', '{base}/folders/a%20b', 'a b'],
  ])('%s', async (_name, location, id) => {
    const { client } = await harness((r) => ({
      status: 201,
      headers: { Location: location.replace('{base}', h!.server.baseUrl) },
      body: r.url,
    }));
    const create = location.includes('support_sessions')
      ? client.createSession({ customer: 'C', language: 'en' })
      : client.createFolder({ name: 'F' });
    expect(await create).toBe(id);
  });

  it.each([
    ['missing', undefined],
    ['another collection', '/devices/5'],
    ['no id', '/folders/'],
  ])('a 201 with a %s Location says the item may have been created', async (_name, location) => {
    const headers: Record<string, string> = location ? { Location: location } : {};
    const { client } = await harness(() => ({ status: 201, headers }));
    const error = await failure(client.createFolder({ name: 'F' }));
    expect(error).toMatchObject({ kind: 'malformed-response', httpStatus: 201, outcomeUnknown: true });
    expect(error.message).toMatch(/may have been created/);
  });
});

describe('retries', () => {
  it('retries a GET after 5xx and 429 (respecting Retry-After) and then succeeds', async () => {
    const answers: Reply[] = [
      { status: 500 },
      { status: 429, headers: { 'Retry-After': '0' } },
      { status: 200, body: encodeDevices([makeDevice(1)]) },
    ];
    const { client, server } = await harness((_r, i) => answers[i]!);
    expect(await client.listDevices()).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on a GET after getRetries extra attempts', async () => {
    const { client, server } = await harness(() => ({ status: 503 }), { getRetries: 1 });
    expect(await failure(client.listUsers())).toMatchObject({
      kind: 'service',
      httpStatus: 503,
      retryable: true,
    });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a GET after a dropped connection', async () => {
    const { client, server } = await harness((_r, i) =>
      i === 0 ? { status: 200, destroy: true } : { status: 200, body: '<users/>' },
    );
    expect(await client.listUsers()).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    [
      'POST create session',
      (c: Harness['client']) => c.createSession({ customer: 'C', language: 'en' }),
      false,
    ],
    ['POST create folder', (c: Harness['client']) => c.createFolder({ name: 'F' }), false],
    ['PUT', (c: Harness['client']) => c.updateDevice('1', { alias: 'a' }), true],
    ['DELETE', (c: Harness['client']) => c.deleteSession('1'), true],
  ])('never retries %s', async (_name, call, repeatable) => {
    const { client, server, signer } = await harness(() => ({ status: 503 }));
    const error = await failure(call(client));
    expect(error).toMatchObject({ kind: 'service', httpStatus: 503, retryable: repeatable });
    expect(server.requests).toHaveLength(1);
    expect(signer.calls).toHaveLength(1);
  });

  it('does not retry a GET answered with a 4xx', async () => {
    const { client, server } = await harness(() => ({
      status: 404,
      body: encodeErrorBody({ code: 1000, message: 'x' }),
    }));
    expect((await failure(client.getDevice('1'))).code).toBe(1000);
    expect(server.requests).toHaveLength(1);
  });

  it('reports an unreachable service as a network error', async () => {
    const { client, server } = await harness(() => ({ status: 200 }), { getRetries: 1 });
    await server.close();
    const read = await failure(client.listUsers());
    expect(read).toMatchObject({ kind: 'network', retryable: true });
    const create = await failure(client.createFolder({ name: 'F' }));
    expect(create.kind).toBe('network');
    h = undefined;
  });
});

describe('timeouts and cancellation', () => {
  it('times out a GET', async () => {
    const { client } = await harness(() => ({ status: 200, body: '<users/>', delayMs: 5_000 }), {
      timeoutMs: 100,
      getRetries: 0,
    });
    expect(await failure(client.listUsers())).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('a timed-out POST says its outcome is unknown and is sent once', async () => {
    const { client, server } = await harness(() => ({ status: 201, delayMs: 5_000 }));
    const error = await failure(client.createSession({ customer: 'C', language: 'en' }, { timeoutMs: 100 }));
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true, retryable: false });
    expect(error.message).toMatch(/refresh before trying again/);
    expect(server.requests).toHaveLength(1);
  });

  it('cancels a call in flight with the caller signal', async () => {
    const { client, server } = await harness(() => ({ status: 200, body: '<devices/>', delayMs: 5_000 }));
    const controller = new AbortController();
    const pending = client.listDevices(undefined, { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'cancelled', retryable: false });
  });

  it('does not send a call whose signal is already aborted, and stops waiting between retries', async () => {
    const { client, server } = await harness(() => ({ status: 503, headers: { 'Retry-After': '5' } }), {
      maxRetryDelayMs: 5_000,
    });
    const controller = new AbortController();
    controller.abort();
    expect((await failure(client.getUser('1', { signal: controller.signal }))).kind).toBe('cancelled');
    expect(server.requests).toHaveLength(0);

    const later = new AbortController();
    const pending = client.getUser('1', { signal: later.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    later.abort();
    expect((await failure(pending)).kind).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });
});
