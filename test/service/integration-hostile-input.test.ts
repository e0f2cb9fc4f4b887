// Issue 15: hostile and conflicting requests the service must refuse or resolve as the interface says —
// characters XML cannot carry, documents that are not well-formed, parameters in both the URI and the
// body (§4: the URI wins, for every field), and repeated Authorization / Host headers.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeErrorBody, decodeFolder, decodeSupportSession } from '../../shared/xml/index.js';
import type { OAuthToken } from '../../shared/oauth/types.js';
import {
  ADMIN,
  signInWithPin,
  signedFetch,
  startTestService,
  xmlHeaders,
  type Harness,
} from './support/service-harness.js';

let h: Harness;
let token: OAuthToken;

beforeAll(async () => {
  h = await startTestService();
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

const post = (path: string, body: string): Promise<Response> =>
  signedFetch(h, token, 'POST', path, { headers: xmlHeaders(), body });
const put = (path: string, body: string): Promise<Response> =>
  signedFetch(h, token, 'PUT', path, { headers: xmlHeaders(), body });

async function createFolder(name: string): Promise<string> {
  const response = await post('/folders.xml', `<folder><name>${name}</name></folder>`);
  expect(response.status).toBe(201);
  return decodeFolder(await response.text()).id;
}

describe('characters XML 1.0 excludes (U+FFFE, U+FFFF) are refused, never stripped', () => {
  it('a folder name holding U+FFFE is a 400; its look-alike without it is then the only one', async () => {
    const before = h.service.store.summary().folders;
    for (const name of ['a\uFFFEb', '\uFFFE', 'x\uFFFF']) {
      const result = await errorOf(await post('/folders.xml', `<folder><name>${name}</name></folder>`));
      expect(result.status, JSON.stringify(name)).toBe(400);
      expect(result.message).toMatch(/not well-formed XML/);
    }
    expect(h.service.store.summary().folders).toBe(before);
    await createFolder('ab');
    expect(h.service.store.listFolders().filter((f) => f.name === 'ab')).toHaveLength(1);
  });

  it('a session customer of only U+FFFE does not get past the service', async () => {
    const before = h.service.store.summary().sessions.total;
    const body = '<support_session><customer>\uFFFE</customer><language>en</language></support_session>';
    expect((await errorOf(await post('/support_sessions.xml', body))).status).toBe(400);
    expect(h.service.store.summary().sessions.total).toBe(before);
  });

  it('given in the URI instead, the same characters meet the field’s own refusal', async () => {
    const folder = await errorOf(await post('/folders.xml?name=a%EF%BF%BEb', '<folder/>'));
    expect(folder).toMatchObject({ status: 422 });
    expect(folder.message).toMatch(/characters XML cannot carry/);
    const session = await errorOf(
      await post(
        '/support_sessions.xml?customer=%EF%BF%BF',
        '<support_session><language>en</language></support_session>',
      ),
    );
    expect(session).toMatchObject({ status: 403, code: 1002 });
  });
});

describe('well-formedness: what XML 1.0 does not allow is a 400', () => {
  it('a "<" inside an attribute value, "--" inside a comment, text after the root', async () => {
    const before = h.service.store.summary().folders;
    for (const body of [
      '<folder a="<"><name>Attr Lt</name></folder>',
      '<folder><!-- a -- b --><name>Double Dash</name></folder>',
      '<folder><name>Trailing</name></folder>junk',
      '<folder><name>CDATA end ]]> in text</name></folder>',
    ]) {
      const result = await errorOf(await post('/folders.xml', body));
      expect(result.status, body).toBe(400);
      expect(result.message, body).toMatch(/not well-formed XML/);
    }
    expect(h.service.store.summary().folders).toBe(before);
  });
});

describe('URI over body (§4): every field given in the URI wins', () => {
  it('POST /folders.xml?name=X with <folder/> creates X', async () => {
    const response = await post('/folders.xml?name=From%20URI', '<folder/>');
    expect(response.status).toBe(201);
    expect(decodeFolder(await response.text()).name).toBe('From URI');
  });

  it('folder update: name and parent from the URI, not the body', async () => {
    const parent = await createFolder('URI Parent');
    const id = await createFolder('URI Child');
    const response = await put(
      `/folders/${id}.xml?name=Renamed%20By%20URI&parent_id=${parent}`,
      '<folder><name>Body Name</name><parent_id></parent_id></folder>',
    );
    expect(response.status).toBe(200);
    expect(h.service.store.getFolder(id)).toMatchObject({ name: 'Renamed By URI', parentId: parent });
  });

  it('folder devices listed in the URI replace the body’s list', async () => {
    const id = await createFolder('URI Devices');
    const response = await put(
      `/folders/${id}.xml?devices=3,4`,
      '<folder><name>URI Devices</name><devices><device><id>5</id></device></devices></folder>',
    );
    expect(response.status).toBe(200);
    expect(h.service.store.listDevices(id).map((d) => d.id)).toEqual(['3', '4']);
  });

  it('PUT /support_sessions/{id}.xml?customer=FromURI stores the URI’s customer', async () => {
    const created = await post(
      '/support_sessions.xml',
      '<support_session><customer>Original</customer><language>en</language></support_session>',
    );
    const id = decodeSupportSession(await created.text()).id;
    const response = await put(
      `/support_sessions/${id}.xml?customer=FromURI&language=fr`,
      '<support_session><customer>FromBody</customer><language>xx</language></support_session>',
    );
    expect(response.status).toBe(200);
    expect(h.service.store.getSession(id)).toMatchObject({ customer: 'FromURI', language: 'fr' });
  });

  it('session create takes its required fields from the URI alone', async () => {
    const response = await post(
      '/support_sessions.xml?customer=Only%20URI&language=it',
      '<support_session/>',
    );
    expect(response.status).toBe(201);
    expect(decodeSupportSession(await response.text())).toMatchObject({
      customer: 'Only URI',
      language: 'it',
    });
  });

  it('device alias and folder from the URI win over the body', async () => {
    const folder = await createFolder('URI Device Folder');
    const response = await put(
      `/devices/6.xml?alias=URI%20Alias&folder_id=${folder}`,
      '<device><alias>Body Alias</alias><folder_id></folder_id></device>',
    );
    expect(response.status).toBe(200);
    expect(h.service.store.getDevice('6')).toMatchObject({ alias: 'URI Alias', folderId: folder });
  });

  it('a read-only field in the URI meets the same refusal as in the body', async () => {
    expect(await errorOf(await put('/devices/6.xml?status=online', '<device/>'))).toMatchObject({
      status: 403,
      code: 1001,
    });
    const created = await post(
      '/support_sessions.xml',
      '<support_session><customer>RO</customer><language>en</language></support_session>',
    );
    const id = decodeSupportSession(await created.text()).id;
    expect(
      await errorOf(await put(`/support_sessions/${id}.xml?code=123456789`, '<support_session/>')),
    ).toMatchObject({ status: 403, code: 1002 });
  });

  it('a field given twice in the URI, or a query that is not UTF-8, is refused', async () => {
    const before = h.service.store.summary().folders;
    expect((await errorOf(await post('/folders.xml?name=a&name=b', '<folder/>'))).status).toBe(422);
    // The signer cannot sign such a URL: send it with another request's signature (the service must refuse
    // it before anything else, never store U+FFFD for it).
    const signed = h.signer.sign(
      { method: 'POST', url: `${h.service.baseUrl}/folders.xml` },
      h.consumer,
      token,
    );
    const notUtf8 = await fetch(`${h.service.baseUrl}/folders.xml?name=%FF`, {
      method: 'POST',
      headers: { ...signed.headers, ...xmlHeaders() },
      body: '<folder/>',
    });
    expect(notUtf8.status).toBe(400);
    expect(h.service.store.summary().folders).toBe(before);
  });
});

/** A raw request with repeated headers (fetch would merge them). */
function rawRequest(
  path: string,
  headers: Record<string, string | string[]>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${h.service.baseUrl}${path}`, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('repeated Authorization or Host headers are refused (400), whatever their order', () => {
  const signedAuthorization = (): string => {
    const signed = h.signer.sign(
      { method: 'GET', url: `${h.service.baseUrl}/users/current.xml` },
      h.consumer,
      token,
    );
    return signed.headers.Authorization as string;
  };
  const garbage = 'OAuth oauth_consumer_key="nobody", oauth_signature="bad"';

  it('(valid, garbage) and (garbage, valid) are both 400', async () => {
    const single = await rawRequest('/users/current.xml', { Authorization: signedAuthorization() });
    expect(single.status).toBe(200);
    for (const order of [
      [signedAuthorization(), garbage],
      [garbage, signedAuthorization()],
    ]) {
      const answer = await rawRequest('/users/current.xml', { Authorization: order });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/oauth_problem=parameter_rejected/);
    }
  });

  it('a repeated Host is 400 before anything else', async () => {
    const url = new URL(h.service.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.end(
          `GET /users/current.xml HTTP/1.1\r\nHost: ${url.host}\r\nHost: evil.example\r\n` +
            `Authorization: ${signedAuthorization()}\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/Host header is sent more than once/);
  });
});
