// The account the command-line tests work on: the stand-in service on loopback, and a data directory the
// console (the browser host, in this process) signed in to with the PIN flow and then closed, so the
// command line, spawned as a separate process, opens the same files and keychain entry.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserApp, type BrowserApp } from '../../../electron/browser-host/main.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { Harness } from '../../service/support/service-harness.js';
import {
  ADMIN,
  CONSUMER,
  approveOnAuthorizePage,
  control,
  startTestService,
} from '../../service/support/service-harness.js';

export interface CliAccount {
  service: Harness;
  dataDir: string;
  rendererDir: string;
  temp(): string;
  startConsole(dir?: string): Promise<BrowserApp>;
  /** Requests the service has seen matching `rule` (counted by a fault that delays them by `delayMs`). */
  countRequests(
    rule: { method: string; pathPrefix: string },
    delayMs?: number,
  ): Promise<() => Promise<number>>;
  close(): Promise<void>;
}

export async function cliAccount(devices = 40): Promise<CliAccount> {
  const dirs: string[] = [];
  const temp = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
    dirs.push(dir);
    return dir;
  };
  const service = await startTestService({ devices, seed: 7 });
  const rendererDir = temp();
  const dataDir = temp();
  const startConsole = (dir = dataDir) =>
    startBrowserApp({
      rendererDir,
      dataDir: dir,
      appVersion: 'test',
      defaults: {
        baseUrl: service.service.baseUrl,
        consumerKey: CONSUMER.key,
        consumerSecret: CONSUMER.secret,
      },
      logger: silentLogger,
    });
  const app = await startConsole();
  try {
    const invoke = async (channel: 'auth:begin' | 'auth:complete' | 'sync:refresh', payload: unknown) => {
      const r = await dispatchInvoke(app.core.handlers, channel, payload);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as { authorizeUrl: string };
    };
    const begin = await invoke('auth:begin', {
      baseUrl: service.service.baseUrl,
      consumerKey: CONSUMER.key,
      consumerSecret: '',
    });
    const token = new URL(begin.authorizeUrl).searchParams.get('oauth_token') ?? '';
    const pin = await approveOnAuthorizePage(service.service.baseUrl, token, ADMIN.email, ADMIN.password);
    await invoke('auth:complete', { pin });
    await invoke('sync:refresh', {});
  } finally {
    await app.close();
  }
  return {
    service,
    dataDir,
    rendererDir,
    temp,
    startConsole,
    async countRequests(rule, delayMs = 0) {
      const COUNT = 10_000;
      await control(service, 'DELETE', 'faults');
      await control(service, 'POST', 'faults', { kind: 'delay', count: COUNT, delayMs, ...rule });
      return async () => {
        const { json } = await control(service, 'GET', 'summary');
        const left = (json.faults as Array<{ count: number }>)[0]?.count ?? 0;
        return COUNT - left;
      };
    },
    async close() {
      await service.service.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
