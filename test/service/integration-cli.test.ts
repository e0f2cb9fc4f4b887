// The CLI entry point started in-process: flags reach the service, the banner tells how to connect, and
// bad flags are refused before anything listens.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeHmacSha1 } from '../../electron/platform/node-crypto.js';
import { requestToken } from '../../shared/oauth/flow.js';
import { createRequestSigner } from '../../shared/oauth/index.js';
import type { OAuthConsumer, OAuthToken } from '../../shared/oauth/types.js';
import { runServiceCli, type CliResult } from '../../service/cli.js';
import { signInWithPin, signedFetch, type Harness } from './support/service-harness.js';

const signer = createRequestSigner({ hmacSha1: nodeHmacSha1 });

function harness(result: CliResult, consumer: OAuthConsumer): Harness {
  return { service: result.service, signer, consumer };
}

async function startCli(dir: string, flags: string[]): Promise<CliResult> {
  const result = await runServiceCli(
    ['--port', '0', '--devices', '6', '--quiet', '--data-dir', dir, ...flags],
    () => undefined,
  );
  if (!result) throw new Error('the CLI did not start a service');
  return result;
}

const me = (h: Harness, token: OAuthToken): Promise<number> =>
  signedFetch(h, token, 'GET', '/users/current.xml').then((r) => r.status);

describe('service CLI', () => {
  it('starts with the given flags and prints base URL, consumer, sign-in and control token', async () => {
    const printed: string[] = [];
    const result = await runServiceCli(
      [
        '--port',
        '0',
        '--devices',
        '12',
        '--seed',
        '3',
        '--consumer-key',
        'k1',
        '--consumer-secret',
        's1',
        '--admin-email',
        'boss@example.com',
        '--demo',
        '--quiet',
      ],
      (line) => printed.push(line),
    );
    try {
      expect(result).not.toBeNull();
      const service = result!.service;
      expect(service.store.summary().devices.total).toBe(12);
      expect(service.store.getUser('1').email).toBe('boss@example.com');
      expect(printed.join('\n')).toContain(service.baseUrl);
      expect(result!.banner).toContain('k1');
      expect(result!.banner).toContain('s1');
      expect(result!.banner).toContain(service.controls.token!);
      const summary = await fetch(`${service.baseUrl}/_control/summary`, {
        headers: { 'X-Control-Token': service.controls.token! },
      });
      expect(summary.status).toBe(200);
    } finally {
      await result?.service.close();
    }
  });

  it('without --demo the control API does not exist', async () => {
    const result = await runServiceCli(['--port', '0', '--devices', '3', '--quiet'], () => undefined);
    try {
      expect(result!.service.controls.token).toBeNull();
      expect((await fetch(`${result!.service.baseUrl}/_control/summary`)).status).toBe(404);
    } finally {
      await result?.service.close();
    }
  });

  it('after a restart on the same data directory the new flags are in effect and the banner says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'service-cli-'));
    try {
      const oldConsumer = { key: 'key-a', secret: 'secret-a' };
      const first = await startCli(dir, [
        '--consumer-key',
        oldConsumer.key,
        '--consumer-secret',
        oldConsumer.secret,
        '--admin-email',
        'old@example.com',
        '--admin-password',
        'old-pass',
      ]);
      const oldToken = await signInWithPin(harness(first, oldConsumer), 'old@example.com', 'old-pass');
      await first.service.close();

      const newConsumer = { key: 'key-b', secret: 'secret-b' };
      let newToken: OAuthToken;
      const second = await startCli(dir, [
        '--consumer-key',
        newConsumer.key,
        '--consumer-secret',
        newConsumer.secret,
        '--admin-email',
        'new@example.com',
        '--admin-password',
        'new-pass',
        '--devices',
        '99',
      ]);
      try {
        expect(second.service.restored).toBe(true);
        expect(second.banner).toContain('consumer key:    key-b');
        expect(second.banner).toContain('consumer secret: secret-b');
        expect(second.banner).toContain('sign in as:      new@example.com / new-pass');
        expect(second.banner).toMatch(/devices: +6 \(saved state in /);
        expect(second.banner).not.toMatch(/key-a|secret-a|old@example.com|old-pass/);
        // The new application signs in with the new administrator sign-in …
        const h = harness(second, newConsumer);
        newToken = await signInWithPin(h, 'new@example.com', 'new-pass');
        expect(await me(h, newToken)).toBe(200);
        // … the old one is unknown, its token with it, and the old sign-in no longer works.
        const old = harness(second, oldConsumer);
        await expect(
          requestToken({ baseUrl: second.service.baseUrl, consumer: oldConsumer, signer }),
        ).rejects.toMatchObject({
          problem: 'consumer_key_unknown',
        });
        expect(await me(old, oldToken)).toBe(401);
        await expect(signInWithPin(h, 'old@example.com', 'old-pass')).rejects.toThrow(/verifier/);
      } finally {
        await second.service.close();
      }

      // Same key, new secret: the issued tokens stay, and are signed with the new consumer secret.
      const rotated = { key: 'key-b', secret: 'secret-b2' };
      const third = await startCli(dir, ['--consumer-key', rotated.key, '--consumer-secret', rotated.secret]);
      try {
        expect(third.banner).toContain('consumer secret: secret-b2');
        expect(third.banner).toContain(`sign in as:      admin@example.com / demo-password`);
        expect(await me(harness(third, rotated), newToken)).toBe(200);
        expect(await me(harness(third, newConsumer), newToken)).toBe(401);
        await signInWithPin(harness(third, rotated), 'admin@example.com', 'demo-password');
      } finally {
        await third.service.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad flags', async () => {
    await expect(runServiceCli(['--port', 'abc'], () => undefined)).rejects.toThrow(/--port/);
    await expect(runServiceCli(['--bogus'], () => undefined)).rejects.toThrow();
  });
});
