// The wire itself, with raw signed requests the ServiceClient would never send: exact statuses and
// Location headers, response bodies, hostile, huge and wrong-typed bodies, routing refusals, failed
// authentication, the control API and injected faults.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeDevices,
  decodeErrorBody,
  decodeFolder,
  decodeSupportSession,
} from '../../shared/xml/index.js';
import type { OAuthToken } from '../../shared/oauth/types.js';
import {
  ADMIN,
  control,
  signInWithPin,
  signedFetch,
  startTestService,
  xmlHeaders,
  type Harness,
} from './support/service-harness.js';

let h: Harness;
let token: OAuthToken;
const logLines: string[] = [];

beforeAll(async () => {
  h = await startTestService({ log: (line) => logLines.push(line) });
  token = await signInWithPin(h, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await h.service.close();
});

async function errorOf(response: Response): Promise<{ status: number; code?: number; message?: string }> {
  const body = decodeErrorBody(await response.text());
  return {
    status: response.status,
    ...(body?.code !== undefined ? { code: body.code } : {}),
    ...(body?.message ? { message: body.message } : {}),
  };
}

describe('success statuses, Location headers and bodies', () => {
  it('folder create: 201, Location {base}/folders/{id} and the folder in the body', async () => {
    const response = await signedFetch(h, token, 'POST', '/folders.xml', {
      headers: xmlHeaders(),
      body: '<folder><name>Wire Folder</name></folder>',
    });
    expect(response.status).toBe(201);
    const folder = decodeFolder(await response.text());
    expect(response.headers.get('location')).toBe(`${h.service.baseUrl}/folders/${folder.id}`);
    expect(folder.name).toBe('Wire Folder');
  });

  it('session create: 201, Location {base}/support_sessions/{id}.xml and the session in the body', async () => {
    const response = await signedFetch(h, token, 'POST', '/support_sessions.xml', {
      headers: { 'Content-Type': 'text/xml; charset=UTF-8' },
      body: '<support_session><customer>Tom</customer><language>en</language></support_session>',
    });
    expect(response.status).toBe(201);
    const session = decodeSupportSession(await response.text());
    expect(response.headers.get('location')).toBe(`${h.service.baseUrl}/support_sessions/${session.id}.xml`);
  });

  it('update and destroy answer 200 with an empty body', async () => {
    const created = await signedFetch(h, token, 'POST', '/folders.xml', {
      headers: xmlHeaders(),
      body: '<folder><name>Empty Body</name></folder>',
    });
    const id = decodeFolder(await created.text()).id;
    const put = await signedFetch(h, token, 'PUT', `/folders/${id}.xml`, {
      headers: xmlHeaders(),
      body: '<folder><name>Empty Body 2</name></folder>',
    });
    expect([put.status, await put.text()]).toEqual([200, '']);
    const del = await signedFetch(h, token, 'DELETE', `/folders/${id}.xml`);
    expect([del.status, await del.text()]).toEqual([200, '']);
  });

  it('a parent_id in the path wins over the body’s on create', async () => {
    const response = await signedFetch(h, token, 'POST', '/folders/2/folders.xml', {
      headers: xmlHeaders(),
      body: '<folder><name>Path Wins</name><parent_id>1</parent_id></folder>',
    });
    expect(response.status).toBe(201);
    expect(decodeFolder(await response.text()).parentId).toBe('2');
  });
});

describe('routing refusals', () => {
  it('404 for unknown paths, 405 with Allow for a wrong method, 406 for formats other than xml', async () => {
    expect(await errorOf(await signedFetch(h, token, 'GET', '/nothing.xml'))).toMatchObject({ status: 404 });
    const wrongMethod = await signedFetch(h, token, 'DELETE', '/devices/1.xml');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT');
    expect((await errorOf(await signedFetch(h, token, 'GET', '/devices.json'))).status).toBe(406);
    expect((await errorOf(await signedFetch(h, token, 'GET', '/devices'))).status).toBe(406);
  });

  it('an unknown id in a path is the resource’s not-found code', async () => {
    expect(await errorOf(await signedFetch(h, token, 'GET', '/devices/abc.xml'))).toMatchObject({
      status: 404,
      code: 1000,
    });
    expect(await errorOf(await signedFetch(h, token, 'GET', '/support_sessions/%2e%2e.xml'))).toMatchObject({
      status: 404,
      code: 1300,
    });
  });
});

describe('bad bodies: a clear 4xx, never a 500, nothing changed', () => {
  const folderCount = (): number => h.service.store.summary().folders;

  it('415 for a body that is not declared as XML', async () => {
    const before = folderCount();
    const response = await signedFetch(h, token, 'POST', '/folders.xml', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect((await errorOf(response)).status).toBe(415);
    expect(folderCount()).toBe(before);
  });

  it('400 for malformed, non-XML, wrong-root and DOCTYPE (entity bomb) bodies', async () => {
    const before = folderCount();
    const bodies = [
      '<folder><name>x</folder>',
      'name=x',
      '<device><alias>x</alias></device>',
      '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><folder><name>&b;</name></folder>',
      '',
    ];
    for (const body of bodies) {
      const result = await errorOf(
        await signedFetch(h, token, 'POST', '/folders.xml', { headers: xmlHeaders(), body }),
      );
      expect(result.status, body).toBe(400);
      expect(result.message).toBeTruthy();
    }
    expect(folderCount()).toBe(before);
  });

  it('413 for a body over 1 MiB, declared or streamed', async () => {
    const huge = `<folder><name>${'x'.repeat(1024 * 1024 + 10)}</name></folder>`;
    expect(
      (await signedFetch(h, token, 'POST', '/folders.xml', { headers: xmlHeaders(), body: huge })).status,
    ).toBe(413);
    // Chunked: no Content-Length, so the cap applies while reading.
    const status = await new Promise<number>((resolve, reject) => {
      const signed = h.signer.sign(
        { method: 'POST', url: `${h.service.baseUrl}/folders.xml` },
        h.consumer,
        token,
      );
      const req = httpRequest(
        signed.url,
        { method: 'POST', headers: { ...signed.headers, 'Content-Type': 'application/xml' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('<folder><name>');
      for (let i = 0; i < 20; i++) req.write('y'.repeat(64 * 1024));
      req.end('</name></folder>');
    });
    expect(status).toBe(413);
  });

  it('400 for a body that is not valid UTF-8 (nothing stored in its place)', async () => {
    const before = h.service.store.snapshot();
    for (const bytes of [
      Buffer.concat([
        Buffer.from('<folder><name>Bad '),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('</name></folder>'),
      ]),
      // An overlong encoding of '/' and a lone continuation byte.
      Buffer.concat([
        Buffer.from('<folder><name>x'),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from('</name></folder>'),
      ]),
      Buffer.concat([Buffer.from('<folder><name>x'), Buffer.from([0x80]), Buffer.from('</name></folder>')]),
    ]) {
      const result = await errorOf(
        await signedFetch(h, token, 'POST', '/folders.xml', { headers: xmlHeaders(), body: bytes }),
      );
      expect(result).toEqual({ status: 400, message: 'The request body is not valid UTF-8.' });
    }
    const session = await signedFetch(h, token, 'POST', '/support_sessions.xml', {
      headers: xmlHeaders(),
      body: Buffer.concat([
        Buffer.from('<support_session><customer>'),
        Buffer.from([0xe2, 0x82]),
        Buffer.from('</customer><language>en</language></support_session>'),
      ]),
    });
    expect(session.status).toBe(400);
    expect(h.service.store.snapshot()).toEqual(before);
  });

  it.each([
    ['&foo;', 'the entity &foo;'],
    ['&nbsp;', 'the entity &nbsp;'],
    ['&#0;', 'character reference &#0;'],
    ['&#xD800;', 'character reference &#xD800;'],
    ['&#x110000;', 'character reference &#x110000;'],
  ])('400 for the reference %s, which XML does not define; nothing changed', async (reference, named) => {
    const before = h.service.store.snapshot();
    for (const body of [
      `<folder><name>Ref ${reference} x</name></folder>`,
      `<folder kind="${reference}"><name>Ref</name></folder>`,
    ]) {
      const result = await errorOf(
        await signedFetch(h, token, 'POST', '/folders.xml', { headers: xmlHeaders(), body }),
      );
      expect(result.status, body).toBe(400);
      expect(result.message).toContain(named);
    }
    const device = await signedFetch(h, token, 'PUT', '/devices/2.xml', {
      headers: xmlHeaders(),
      body: `<device><alias>${reference}</alias></device>`,
    });
    expect(device.status).toBe(400);
    expect(h.service.store.snapshot()).toEqual(before);
  });

  it('accepts what XML defines: the five entities, numeric references, and & as text in CDATA and comments', async () => {
    const response = await signedFetch(h, token, 'POST', '/folders.xml', {
      headers: xmlHeaders(),
      body: '<folder><!-- &foo; is fine here --><name>R&#233;f &amp; &#x4E2D; &lt;&gt;&quot;&apos;<![CDATA[&bar;]]></name></folder>',
    });
    expect(response.status).toBe(201);
    expect(decodeFolder(await response.text()).name).toBe('Réf & 中 <>"\'&bar;');
  });

  it('422 for a wrong-typed folder value', async () => {
    const wrong = await signedFetch(h, token, 'POST', '/folders.xml', {
      headers: xmlHeaders(),
      body: '<folder><name>Typed</name><devices>text</devices></folder>',
    });
    expect((await errorOf(wrong)).status).toBe(422);
  });

  it.each([
    ['POST', '/folders.xml', '<folder><name>Extra</name><colour>red</colour></folder>', ['<colour>']],
    ['POST', '/folders/2/folders.xml', '<folder><name>Extra</name><id>77</id></folder>', ['<id>']],
    [
      'PUT',
      '/folders/4.xml',
      '<folder><name>Renamed</name><date_creation>2020-01-01T00:00:00Z</date_creation><colour>red</colour></folder>',
      ['<colour>', '<date_creation>'],
    ],
    [
      'PUT',
      '/folders/2/folders/3.xml',
      '<folder><name>Renamed</name><devices/><owner>me</owner></folder>',
      ['<owner>'],
    ],
    [
      'POST',
      '/support_sessions.xml',
      '<support_session><customer>Extra</customer><language>en</language><priority>high</priority></support_session>',
      ['<priority>'],
    ],
    [
      'POST',
      '/support_sessions.xml',
      '<support_session><customer>Extra</customer><language>en</language><code>123456789</code><note>n</note></support_session>',
      ['<code>', '<note>'],
    ],
  ])(
    '%s %s with a field it does not take: 422 naming it, nothing changed',
    async (method, path, body, named) => {
      const before = h.service.store.snapshot();
      const outbox = h.service.outbox.list().length;
      const result = await errorOf(
        await signedFetch(h, token, method, path, { headers: xmlHeaders(), body }),
      );
      expect(result.status).toBe(422);
      expect(result.code).toBeUndefined();
      for (const name of named) expect(result.message).toContain(name);
      expect(h.service.store.snapshot()).toEqual(before);
      expect(h.service.outbox.list()).toHaveLength(outbox);
    },
  );

  it('device update: 1001 for a read-only or unknown field, with nothing changed', async () => {
    const before = h.service.store.getDevice('1');
    for (const body of [
      '<device><alias>x</alias><status>busy</status></device>',
      '<device><alias>x</alias><colour>red</colour></device>',
    ]) {
      const result = await errorOf(
        await signedFetch(h, token, 'PUT', '/devices/1.xml', { headers: xmlHeaders(), body }),
      );
      expect(result).toMatchObject({ status: 403, code: 1001 });
    }
    expect(h.service.store.getDevice('1')).toBe(before);
  });

  it('session: language "xx" is 1002 on update and on create; a read-only field on update is 1002', async () => {
    const planned = h.service.store.listSessions().find((s) => s.state === 'planned')!;
    const update = await signedFetch(h, token, 'PUT', `/support_sessions/${planned.id}.xml`, {
      headers: xmlHeaders(),
      body: '<support_session><language>xx</language></support_session>',
    });
    expect(await errorOf(update)).toMatchObject({ status: 403, code: 1002 });
    const readOnly = await signedFetch(h, token, 'PUT', `/support_sessions/${planned.id}.xml`, {
      headers: xmlHeaders(),
      body: '<support_session><state>finished</state></support_session>',
    });
    expect(await errorOf(readOnly)).toMatchObject({ status: 403, code: 1002 });
    const create = await signedFetch(h, token, 'POST', '/support_sessions.xml', {
      headers: xmlHeaders(),
      body: '<support_session><customer>A</customer><language>xx</language></support_session>',
    });
    expect(await errorOf(create)).toMatchObject({ status: 403, code: 1002 });
    expect(h.service.store.getSession(planned.id)).toEqual(planned);
  });
});

describe('authentication', () => {
  it('an unsigned call is refused by the provider (400 parameter_absent)', async () => {
    const response = await fetch(`${h.service.baseUrl}/users.xml`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('oauth_problem=parameter_absent');
  });

  it('a wrong token is 401; a revoked token stops working at once', async () => {
    const wrong = await signedFetch(h, { token: 'nope', secret: 'nope' }, 'GET', '/users/current.xml');
    expect(wrong.status).toBe(401);
    const extra = await signInWithPin(h, ADMIN.email, ADMIN.password);
    expect((await signedFetch(h, extra, 'GET', '/users/current.xml')).status).toBe(200);
    expect((await control(h, 'POST', 'tokens/revoke', { token: extra.token })).json).toEqual({
      revoked: true,
    });
    const revoked = await signedFetch(h, extra, 'GET', '/users/current.xml');
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('token_');
  });
});

describe('control API', () => {
  it('needs the per-launch token', async () => {
    const response = await fetch(`${h.service.baseUrl}/_control/summary`, {
      headers: { 'X-Control-Token': 'guess' },
    });
    expect(response.status).toBe(401);
  });

  it('offers no token-issuing shortcut: tokens come only from the PIN flow', async () => {
    const issued = await control(h, 'POST', 'tokens/issue', { email: ADMIN.email });
    expect(issued).toEqual({ status: 404, json: { error: 'No such control endpoint' } });
  });

  it('summarises the account and forces device status and session transitions', async () => {
    const summary = await control(h, 'GET', 'summary');
    expect(summary.json).toMatchObject({ users: 8, devices: { total: 40 } });
    const forced = await control(h, 'POST', 'devices/3/status', { status: 'busy' });
    expect(forced.status).toBe(200);
    expect(await signedFetch(h, token, 'GET', '/devices/3.xml').then((r) => r.text())).toContain(
      '<status>busy</status>',
    );
    const planned = h.service.store.listSessions().find((s) => s.state === 'planned')!;
    expect((await control(h, 'POST', `sessions/${planned.id}/transition`, { to: 'ongoing' })).status).toBe(
      200,
    );
    expect(h.service.store.getSession(planned.id).state).toBe('ongoing');
    expect((await control(h, 'POST', 'devices/3/status', { status: 'asleep' })).status).toBe(400);
  });

  it('the cached device list follows every change (status, alias, folder)', async () => {
    const list = async (): Promise<Map<string, { status: unknown; alias: unknown; folderId: unknown }>> =>
      new Map(
        decodeDevices(await (await signedFetch(h, token, 'GET', '/devices.xml')).text()).map((d) => [
          d.id,
          d,
        ]),
      );
    const first = await list();
    expect(first.size).toBe(40);
    await control(h, 'POST', 'devices/7/status', { status: 'offline' });
    await control(h, 'POST', 'devices/8/status', { status: 'busy' });
    await signedFetch(h, token, 'PUT', '/devices/9.xml', {
      headers: xmlHeaders(),
      body: '<device><alias>Cached?</alias><folder_id/></device>',
    });
    const second = await list();
    expect(second.get('7')?.status).toBe('offline');
    expect(second.get('8')?.status).toBe('busy');
    expect(second.get('9')).toMatchObject({ alias: 'Cached?', folderId: null });
    expect(second.get('10')).toEqual(first.get('10'));
  });

  it('advancing the clock plays the schedule: planned sessions start and end', async () => {
    const response = await signedFetch(h, token, 'POST', '/support_sessions.xml', {
      headers: xmlHeaders(),
      body: '<support_session><customer>Clock</customer><language>it</language><customer_mail>clock@customer.example</customer_mail></support_session>',
    });
    const id = decodeSupportSession(await response.text()).id;
    const mails = (await control(h, 'GET', 'outbox')).json.messages as Array<{
      sessionId: string;
      body: string;
      language: string;
    }>;
    const mail = mails.find((m) => m.sessionId === id);
    expect(mail?.language).toBe('it');
    expect(mail?.body).toContain(h.service.store.getSession(id).code);
    await control(h, 'POST', 'clock/advance', { ms: 1000 });
    expect(h.service.store.getSession(id).state).toBe('ongoing');
    await control(h, 'POST', 'clock/advance', { ms: 15 * 60_000 });
    expect(h.service.store.getSession(id).state).toBe('finished');
  });

  it('injects faults for the next matching requests: error, malformed, delay, reset', async () => {
    await control(h, 'POST', 'faults', { kind: 'error', count: 2, pathPrefix: '/users' });
    expect((await signedFetch(h, token, 'GET', '/users.xml')).status).toBe(500);
    expect((await signedFetch(h, token, 'GET', '/devices/1.xml')).status).toBe(200);
    expect((await signedFetch(h, token, 'GET', '/users/1.xml')).status).toBe(500);
    expect((await signedFetch(h, token, 'GET', '/users.xml')).status).toBe(200);

    await control(h, 'POST', 'faults', { kind: 'malformed', method: 'GET', pathPrefix: '/devices' });
    const malformed = await signedFetch(h, token, 'GET', '/devices.xml');
    expect(malformed.status).toBe(200);
    expect(decodeErrorBody(await malformed.text())).toBeNull();

    await control(h, 'POST', 'faults', { kind: 'delay', delayMs: 50, pathPrefix: '/users' });
    expect((await signedFetch(h, token, 'GET', '/users/1.xml')).status).toBe(200);

    await control(h, 'POST', 'faults', { kind: 'reset', pathPrefix: '/users' });
    await expect(signedFetch(h, token, 'GET', '/users/1.xml')).rejects.toThrow();
    expect((await signedFetch(h, token, 'GET', '/users/1.xml')).status).toBe(200);
    expect((await control(h, 'GET', 'summary')).json.faults).toEqual([]);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic body and are logged without the query string', async () => {
    const store = h.service.store;
    const original = store.listUsers.bind(store);
    store.listUsers = () => {
      throw new TypeError('boom in listUsers');
    };
    try {
      const response = await signedFetch(h, token, 'GET', '/users.xml?secret_marker=1');
      expect(await errorOf(response)).toEqual({ status: 500, message: 'Internal server error' });
    } finally {
      store.listUsers = original;
    }
    const line = logLines.find((l) => l.includes('boom in listUsers'));
    expect(line).toContain('GET /users.xml');
    expect(logLines.join('\n')).not.toContain('secret_marker');
    expect(logLines.join('\n')).not.toContain(token.token);
  });
});
