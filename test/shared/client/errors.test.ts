// Every error of spec §7 and the failures around it, from real HTTP answers of a loopback server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ERROR_CODES } from '../../../shared/errors.js';
import { SERVICE_CODE_MESSAGES } from '../../../shared/client/errors.js';
import { encodeErrorBody } from '../../../shared/xml/index.js';
import { failure, startHarness, type Harness } from '../support/client-harness.js';
import type { Reply } from '../support/test-server.js';

let h: Harness;
let reply: Reply = { status: 200 };

beforeAll(async () => {
  h = await startHarness(() => reply, { getRetries: 0 });
});
afterAll(() => h.server.close());

const xml = { 'Content-Type': 'application/xml; charset=utf-8' };

describe('service codes (spec §7)', () => {
  const cases: Array<[number, () => Promise<unknown>, string | undefined]> = [
    [1000, () => h.client.getDevice('1'), undefined],
    [1001, () => h.client.updateDevice('1', { alias: 'x' }), undefined],
    [1002, () => h.client.updateSession('1', { language: 'en' }), undefined],
    [1100, () => h.client.getFolder('1'), undefined],
    [1101, () => h.client.createFolder({ name: 'Dup' }), 'name'],
    [1103, () => h.client.deleteFolder('1'), undefined],
    [1200, () => h.client.getUser('1'), undefined],
    [1300, () => h.client.deleteSession('1'), undefined],
    [1301, () => h.client.createSession({ customer: '', language: 'en' }), 'customer'],
    [1302, () => h.client.createSession({ customer: 'C', language: 'en' }), 'language'],
  ];

  it.each(cases)('%i becomes a typed error with its own sentence', async (code, call, field) => {
    const spec = SERVICE_ERROR_CODES[code as keyof typeof SERVICE_ERROR_CODES];
    reply = { status: spec.status, headers: xml, body: encodeErrorBody({ code, message: spec.meaning }) };
    const error = await failure(call());
    expect(error.kind).toBe('service');
    expect(error.code).toBe(code);
    expect(error.httpStatus).toBe(spec.status);
    expect(error.resource).toBe(spec.resource);
    expect(error.field).toBe(field);
    expect(error.message).toBe(SERVICE_CODE_MESSAGES[code]!.message);
    expect(error.retryable).toBe(false);
    expect(error.toAppError()).toEqual({
      kind: 'service',
      code,
      httpStatus: spec.status,
      resource: spec.resource,
      message: error.message,
      retryable: false,
      ...(field ? { field } : {}),
    });
  });

  it('gives the technician the sentences the spec promises', async () => {
    reply = { status: 403, body: encodeErrorBody({ code: 1101, message: 'taken' }) };
    expect((await failure(h.client.createFolder({ name: 'A' }))).message).toBe(
      'A folder with this name already exists at this level. Choose another name.',
    );
    reply = { status: 403, body: encodeErrorBody({ code: 1103, message: 'not empty' }) };
    expect((await failure(h.client.deleteFolder('3'))).message).toBe(
      'This folder is not empty. Move its devices and sub-folders out first.',
    );
    reply = { status: 403, body: encodeErrorBody({ code: 1001, message: 'read only' }) };
    expect((await failure(h.client.updateDevice('3', { alias: 'a' }))).message).toBe(
      'Only the alias and the folder of a device can be changed.',
    );
  });

  it.each<[string, string]>([
    ['<error><code>1103</code><message>Folder not empty</message></error>', 'single error element'],
    ['<errors><error>1103</error></errors>', 'code as the error text'],
    ['<error code="1103">Folder not empty</error>', 'code attribute'],
    ['1103', 'bare code'],
  ])('reads the code from %s (%s)', async (body) => {
    reply = { status: 403, body };
    const error = await failure(h.client.deleteFolder('9'));
    expect(error.code).toBe(1103);
    expect(error.resource).toBe('folder');
  });

  it('keeps an unknown code and names it', async () => {
    reply = { status: 409, body: encodeErrorBody({ code: 4242, message: 'new rule' }) };
    const error = await failure(h.client.getDevice('1'));
    expect(error).toMatchObject({ kind: 'service', code: 4242, httpStatus: 409, resource: 'device' });
    expect(error.message).toContain('4242');
  });
});

describe('failures without a code', () => {
  it('401 means signing in again', async () => {
    reply = {
      status: 401,
      headers: { 'WWW-Authenticate': 'OAuth realm="svc", oauth_problem="token_rejected"' },
    };
    const error = await failure(h.client.listUsers());
    expect(error).toMatchObject({ kind: 'not-signed-in', httpStatus: 401, resource: 'oauth' });
    expect(error.message).toBe('Your sign-in is no longer valid. Sign in again.');
  });

  it('a refused timestamp in the WWW-Authenticate header is clock skew', async () => {
    reply = {
      status: 401,
      headers: { 'WWW-Authenticate': 'OAuth realm="https://svc", oauth_problem="timestamp_refused"' },
    };
    const error = await failure(h.client.listDevices());
    expect(error.kind).toBe('clock-skew');
    expect(error.message).toMatch(/clock/);
  });

  it('a refused timestamp in a form body is clock skew', async () => {
    reply = {
      status: 401,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'oauth_problem=timestamp_refused&oauth_problem_advice=Timestamp%20too%20far%20off',
    };
    expect((await failure(h.client.getCurrentUser())).kind).toBe('clock-skew');
  });

  it('403 is not-allowed, with the service message when it sent one', async () => {
    reply = { status: 403, body: '' };
    const plain = await failure(h.client.createFolder({ name: 'A' }));
    expect(plain).toMatchObject({ kind: 'not-allowed', httpStatus: 403 });
    expect(plain.message).toMatch(/administrator/);
    reply = { status: 403, body: '<errors><error>Only administrators can create folders</error></errors>' };
    const explained = await failure(h.client.createFolder({ name: 'A' }));
    expect(explained.message).toBe('Only administrators can create folders');
  });

  it('a Rails validation body gives its messages', async () => {
    reply = {
      status: 422,
      body: '<errors><error>Customer is too long</error><error>Mail is invalid</error></errors>',
    };
    const error = await failure(h.client.createSession({ customer: 'C', language: 'en' }));
    expect(error).toMatchObject({ kind: 'service', httpStatus: 422, resource: 'support_session' });
    expect(error.message).toBe('Customer is too long; Mail is invalid');
  });

  it('5xx is a retryable service error, an HTML error page is not shown', async () => {
    reply = {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
      body: '<html><body><h1>Bad gateway</h1></body></html>',
    };
    const error = await failure(h.client.listFolders());
    expect(error).toMatchObject({ kind: 'service', httpStatus: 502, retryable: true });
    expect(error.message).not.toContain('<');
  });

  it('an undecodable success body is malformed-response', async () => {
    reply = { status: 200, body: '<html>maintenance</html>' };
    expect((await failure(h.client.listDevices())).kind).toBe('malformed-response');
    reply = { status: 200, body: '<!DOCTYPE x [<!ENTITY a "b">]><devices/>' };
    expect((await failure(h.client.listDevices())).kind).toBe('malformed-response');
    reply = { status: 200, body: '' };
    expect((await failure(h.client.getDevice('1'))).kind).toBe('malformed-response');
  });

  it('no error carries a secret', async () => {
    reply = { status: 401, body: 'oauth_problem=signature_invalid' };
    const error = await failure(h.client.listUsers());
    const text = JSON.stringify(error.toAppError()) + error.message;
    for (const secret of ['consumer-secret', 'token-secret', 'access-token', 'Authorization']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('1002 at the field its sentence names', () => {
  const cases: Array<[string, string | undefined]> = [
    ['Customer e-mail is not a valid address', 'customerMail'],
    ['Parameter not valid: language is not one of en, es, it, ge, fr', 'language'],
    ['Parameter not valid: planned_end_time is not valid (not-a-time)', 'plannedEndTime'],
    ['parameter not valid', undefined],
    ['language or planned_init_time not valid', undefined],
  ];
  it.each(cases)('"%s" -> %s', async (message, field) => {
    reply = { status: 403, headers: xml, body: encodeErrorBody({ code: 1002, message }) };
    const error = await failure(h.client.createSession({ customer: 'C', language: 'en', customerMail: 'x' }));
    expect(error.code).toBe(1002);
    expect(error.field).toBe(field);
    expect(error.key).toBe(field === undefined ? undefined : `error.code.1002.${field}`);
  });
});
