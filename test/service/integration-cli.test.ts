// The CLI entry point started in-process: flags reach the service, the banner tells how to connect, and
// bad flags are refused before anything listens.
import { describe, expect, it } from 'vitest';
import { runServiceCli } from '../../service/cli.js';

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

  it('refuses bad flags', async () => {
    await expect(runServiceCli(['--port', 'abc'], () => undefined)).rejects.toThrow(/--port/);
    await expect(runServiceCli(['--bogus'], () => undefined)).rejects.toThrow();
  });
});
