// OAuth refusals through the real service (startService, real HTTP), not through the provider alone: each
// refused call is a write that would change a device, and must answer the provider's status and
// oauth_problem and change nothing. Then interoperability with an OAuth 1.0a implementation that is not
// ours: python oauthlib (Debian's python3-oauthlib for /usr/bin/python3) signs the PIN flow and resource
// calls, in the Authorization header and in the query.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHmacSha1 } from '../../electron/platform/node-crypto.js';
import { ServiceClient } from '../../shared/client/service-client.js';
import { AppFailure } from '../../shared/errors.js';
import {
  collectRequestParameters,
  createNonce,
  createRequestSigner,
  hmacSha1Signature,
  percentEncode,
  signatureBaseString,
} from '../../shared/oauth/index.js';
import type { OAuthToken } from '../../shared/oauth/types.js';
import { decodeDevice, decodeUser, decodeUsers } from '../../shared/xml/index.js';
import { ADMIN, CONSUMER, signInWithPin, startTestService, type Harness } from './support/service-harness.js';

let h: Harness;
let token: OAuthToken;
let revoked: OAuthToken;

beforeAll(async () => {
  h = await startTestService();
  token = await signInWithPin(h, ADMIN.email, ADMIN.password);
  revoked = await signInWithPin(h, ADMIN.email, ADMIN.password);
  h.service.provider.revokeAccessToken(revoked.token);
});

afterAll(async () => {
  await h.service.close();
});

const DEVICE_PATH = '/devices/1.xml';
const WRITE_BODY = '<device><alias>Written by a refused call</alias></device>';

interface Craft {
  /** Replace (string) or drop (undefined) protocol parameters before signing. */
  override?: Record<string, string | undefined>;
  /** Extra protocol pairs appended as sent (after signing), e.g. a duplicate. */
  append?: Array<[string, string]>;
  consumerSecret?: string;
  token?: OAuthToken | null;
  /** Seconds added to the timestamp. */
  skewSeconds?: number;
  /** Where the parameters travel. 'both': header and query. */
  transport?: 'header' | 'query' | 'both';
  plaintext?: boolean;
}

/** A PUT of WRITE_BODY, signed by hand so it can carry what no correct signer would send. */
function craftedPut(craft: Craft = {}): { url: string; headers: Record<string, string> } {
  const url = `${h.service.baseUrl}${DEVICE_PATH}`;
  const tok = craft.token === undefined ? token : craft.token;
  const entries: Record<string, string | undefined> = {
    oauth_consumer_key: CONSUMER.key,
    oauth_nonce: createNonce(),
    oauth_signature_method: craft.plaintext ? 'PLAINTEXT' : 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000) + (craft.skewSeconds ?? 0)),
    ...(tok ? { oauth_token: tok.token } : {}),
    ...craft.override,
  };
  const params = Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined);
  const consumerSecret = craft.consumerSecret ?? CONSUMER.secret;
  const signature = craft.plaintext
    ? `${percentEncode(consumerSecret)}&${percentEncode(tok?.secret ?? '')}`
    : hmacSha1Signature(
        nodeHmacSha1,
        signatureBaseString('PUT', url, collectRequestParameters({ url, protocol: params })),
        consumerSecret,
        tok?.secret,
      );
  const sent: Array<[string, string]> = [...params, ['oauth_signature', signature], ...(craft.append ?? [])];
  const transport = craft.transport ?? 'header';
  const query = new URLSearchParams(sent).toString().replace(/\+/g, '%20');
  return {
    url: transport === 'header' ? url : `${url}?${query}`,
    headers: {
      'Content-Type': 'application/xml',
      // Written by hand: a header builder keyed by name would fold a duplicate away.
      ...(transport === 'query'
        ? {}
        : {
            Authorization: `OAuth ${sent.map(([n, v]) => `${percentEncode(n)}="${percentEncode(v)}"`).join(', ')}`,
          }),
    },
  };
}

const send = (request: { url: string; headers: Record<string, string> }): Promise<Response> =>
  fetch(request.url, { method: 'PUT', headers: request.headers, body: WRITE_BODY });

interface Outcome {
  status: number;
  problem: string | undefined;
  bodyProblem: string | null;
}

async function outcome(response: Response): Promise<Outcome> {
  const challenge = response.headers.get('www-authenticate') ?? '';
  return {
    status: response.status,
    problem: /oauth_problem="([^"]+)"/.exec(challenge)?.[1],
    bodyProblem: new URLSearchParams(await response.text()).get('oauth_problem'),
  };
}

/** Runs a refused call and checks that neither the account nor the provider's tokens changed. */
async function refused(act: () => Promise<Response>): Promise<Outcome> {
  const device = h.service.store.getDevice('1');
  const account = h.service.store.snapshot();
  const oauth = h.service.provider.snapshot();
  const result = await outcome(await act());
  expect(h.service.store.getDevice('1')).toBe(device);
  expect(h.service.store.snapshot()).toEqual(account);
  expect(h.service.provider.snapshot()).toEqual(oauth);
  return result;
}

describe('OAuth refusals through the running service', () => {
  const table: Array<[string, number, string, () => Promise<Response>]> = [
    [
      'a duplicated protocol parameter',
      400,
      'parameter_rejected',
      () => send(craftedPut({ append: [['oauth_nonce', 'second-nonce']] })),
    ],
    [
      'a duplicated protocol parameter in the query',
      400,
      'parameter_rejected',
      () => send(craftedPut({ transport: 'query', append: [['oauth_timestamp', '1']] })),
    ],
    [
      'oauth_version 2.0',
      400,
      'version_rejected',
      () => send(craftedPut({ override: { oauth_version: '2.0' } })),
    ],
    ['a timestamp an hour ahead', 401, 'timestamp_refused', () => send(craftedPut({ skewSeconds: 3600 }))],
    ['a timestamp an hour behind', 401, 'timestamp_refused', () => send(craftedPut({ skewSeconds: -3600 }))],
    [
      'a bad signature (wrong consumer secret)',
      401,
      'token_rejected',
      () => send(craftedPut({ consumerSecret: 'not-the-secret' })),
    ],
    [
      'a signature with the wrong token secret',
      401,
      'token_rejected',
      () => send(craftedPut({ token: { token: token.token, secret: 'guessed' } })),
    ],
    [
      'parameters in both the header and the query',
      400,
      'parameter_rejected',
      () => send(craftedPut({ transport: 'both' })),
    ],
    [
      'an unknown consumer',
      401,
      'consumer_key_unknown',
      () => send(craftedPut({ override: { oauth_consumer_key: 'nobody' } })),
    ],
    [
      'an unknown token',
      401,
      'token_rejected',
      () => send(craftedPut({ token: { token: 'never-issued', secret: 'x' } })),
    ],
    ['a revoked token, correctly signed', 401, 'token_revoked', () => send(craftedPut({ token: revoked }))],
    [
      'a revoked token without its secret (says no more than an unknown one)',
      401,
      'token_rejected',
      () => send(craftedPut({ token: { token: revoked.token, secret: 'guessed' } })),
    ],
    ['the PLAINTEXT method', 400, 'signature_method_rejected', () => send(craftedPut({ plaintext: true }))],
    ['no token on a resource call', 400, 'parameter_absent', () => send(craftedPut({ token: null }))],
  ];

  it.each(table)('%s → %i %s, nothing changed', async (_label, status, problem, act) => {
    const result = await refused(act);
    expect(result).toEqual({ status, problem, bodyProblem: problem });
  });

  it('a replayed nonce is refused even with another (unsigned) XML body', async () => {
    const request = craftedPut({ transport: 'query' });
    const first = await fetch(request.url, {
      method: 'PUT',
      headers: request.headers,
      body: '<device><alias>Replay target</alias></device>',
    });
    expect(first.status).toBe(200);
    expect(h.service.store.getDevice('1').alias).toBe('Replay target');
    const result = await refused(() => send(request));
    expect(result).toEqual({ status: 401, problem: 'nonce_used', bodyProblem: 'nonce_used' });
    expect(h.service.store.getDevice('1').alias).toBe('Replay target');
  });

  it('the crafted request is otherwise right: the same call signed properly is accepted', async () => {
    for (const transport of ['header', 'query'] as const) {
      const response = await send(craftedPut({ transport }));
      expect(response.status).toBe(200);
    }
    expect(h.service.store.getDevice('1').alias).toBe('Written by a refused call');
  });

  it('the shared ServiceClient reads timestamp_refused as clock-skew', async () => {
    const skewed = new ServiceClient({
      baseUrl: h.service.baseUrl,
      consumer: CONSUMER,
      token,
      signer: createRequestSigner({ hmacSha1: nodeHmacSha1, clock: () => Date.now() + 3600_000 }),
      getRetries: 0,
    });
    const error = await skewed.getCurrentUser().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppFailure);
    expect(error).toMatchObject({ kind: 'clock-skew', oauthProblem: 'timestamp_refused', httpStatus: 401 });
  });
});

// ---- python oauthlib -----------------------------------------------------------------------------------

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./support/oauthlib_client.py', import.meta.url));
const MISSING =
  `${PYTHON} cannot import oauthlib: install the Debian package python3-oauthlib ` +
  '(apt-get install -y python3-oauthlib). The interoperability test needs it.';

interface PythonAnswer {
  status: number;
  body: string;
  www_authenticate: string | null;
}

function oauthlib(
  mode: 'header' | 'query' | 'request_token',
  url: string,
  ...rest: string[]
): Promise<PythonAnswer> {
  return new Promise((resolve, reject) => {
    execFile(
      PYTHON,
      [SCRIPT, mode, url, ...rest],
      // No proxy variables, no user site: the call goes straight to loopback with Debian's oauthlib.
      { env: { PATH: process.env.PATH ?? '/usr/bin', PYTHONNOUSERSITE: '1' }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = (error as (Error & { code?: unknown }) | null)?.code;
        if (code === 3 || code === 'ENOENT') {
          reject(new Error(`${MISSING}\n${stderr}`));
          return;
        }
        if (error) {
          reject(new Error(`oauthlib client failed: ${stderr || error.message}`));
          return;
        }
        resolve(JSON.parse(stdout) as PythonAnswer);
      },
    );
  });
}

describe('interoperability with python oauthlib', () => {
  it('the PIN flow: request token (callback oob), approval, access token, all signed by oauthlib', async () => {
    const base = h.service.baseUrl;
    const requested = await oauthlib(
      'request_token',
      `${base}/oauth/request_token`,
      CONSUMER.key,
      CONSUMER.secret,
    );
    expect(requested.status, requested.body).toBe(200);
    const fields = new URLSearchParams(requested.body);
    expect(fields.get('oauth_callback_confirmed')).toBe('true');
    const requestToken = fields.get('oauth_token') ?? '';
    const requestSecret = fields.get('oauth_token_secret') ?? '';
    expect(requestToken).not.toBe('');

    const approved = await fetch(`${base}/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        oauth_token: requestToken,
        email: ADMIN.email,
        password: ADMIN.password,
        decision: 'approve',
      }).toString(),
    });
    const verifier = /id="oauth-verifier">([^<]+)</.exec(await approved.text())?.[1] ?? '';
    expect(verifier).not.toBe('');

    const exchanged = await oauthlib(
      'header',
      `${base}/oauth/access_token`,
      CONSUMER.key,
      CONSUMER.secret,
      requestToken,
      requestSecret,
      verifier,
    );
    expect(exchanged.status, exchanged.body).toBe(200);
    const access = new URLSearchParams(exchanged.body);
    const me = await oauthlib(
      'query',
      `${base}/users/current.xml`,
      CONSUMER.key,
      CONSUMER.secret,
      access.get('oauth_token') ?? '',
      access.get('oauth_token_secret') ?? '',
    );
    expect(me.status, me.body).toBe(200);
    expect(decodeUser(me.body).email).toBe(ADMIN.email);
  });

  it.each(['header', 'query'] as const)(
    'a resource GET signed by oauthlib (%s transport) is answered with a decodable body',
    async (transport) => {
      const url = `${h.service.baseUrl}/users.xml?sort=id&note=${encodeURIComponent('a b+c&d')}`;
      const answer = await oauthlib(transport, url, CONSUMER.key, CONSUMER.secret, token.token, token.secret);
      expect(answer.status, answer.body).toBe(200);
      expect(decodeUsers(answer.body).length).toBeGreaterThan(1);
      const device = await oauthlib(
        transport,
        `${h.service.baseUrl}/devices/2.xml`,
        CONSUMER.key,
        CONSUMER.secret,
        token.token,
        token.secret,
      );
      expect(device.status, device.body).toBe(200);
      expect(decodeDevice(device.body).id).toBe('2');
    },
  );

  it('oauthlib with a wrong consumer secret is refused like any other client', async () => {
    const answer = await oauthlib(
      'header',
      `${h.service.baseUrl}/users/current.xml`,
      CONSUMER.key,
      'not-the-secret',
      token.token,
      token.secret,
    );
    expect(answer.status).toBe(401);
    expect(answer.www_authenticate).toContain('oauth_problem="token_rejected"');
  });
});
