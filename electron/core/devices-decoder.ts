// Decodes devices documents in a worker thread. One worker, started on first use, kept while the core
// runs, replaced if it dies.
//
// The worker's source must load both as compiled JavaScript (the packaged app: devices-decode-worker.js
// beside this file) and as TypeScript under tsx/Vitest (this file is then a .ts source): in the latter
// case a tiny inline bootstrap registers tsx's loader inside the worker, then imports the .ts worker.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Device } from '../../shared/model.js';
import { XmlError, type XmlErrorReason } from '../../shared/xml/xml-error.js';
import type { DecodeReply } from './devices-decode-worker.js';

export interface DevicesDecoder {
  decode(xml: string): Promise<Device[]>;
  close(): Promise<void>;
}

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsxApi) (await import(workerData.tsxApi)).register();
  await import(workerData.entry);
})().catch((error) => { setImmediate(() => { throw error; }); });
`;

// The ES module build of tsx's API, found through tsx's own exports map (require.resolve would give the
// CommonJS build, which cannot be import()ed).
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const exportsMap = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }
  ).exports;
  const entry = exportsMap['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return new URL(entry, pathToFileURL(manifest)).href;
}

function workerSpec(): { source: string | URL; eval: boolean; workerData?: unknown } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsxApi = tsxEsmApi(here);
    return {
      source: BOOTSTRAP,
      eval: true,
      workerData: { tsxApi, entry: new URL('./devices-decode-worker.ts', here).href },
    };
  }
  return { source: new URL('./devices-decode-worker.js', here), eval: false };
}

export function createDevicesDecoder(): DevicesDecoder {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (d: Device[]) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error): void => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };

  const ensure = (): Worker => {
    if (worker) return worker;
    const spec = workerSpec();
    const w = new Worker(spec.source, { eval: spec.eval, workerData: spec.workerData });
    w.on('message', (reply: DecodeReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.devices);
      else if (reply.error.reason)
        p.reject(new XmlError(reply.error.reason as XmlErrorReason, reply.error.message, reply.error.field));
      else p.reject(new Error(reply.error.message));
      if (pending.size === 0) w.unref();
    });
    w.on('error', (error) => failAll(error instanceof Error ? error : new Error(String(error))));
    w.on('exit', (code) => {
      if (worker === w) failAll(new Error(`The decoding worker stopped (exit code ${code}).`));
    });
    worker = w;
    return w;
  };

  return {
    decode(xml) {
      const w = ensure();
      w.ref(); // a pending decode keeps the process alive; an idle worker does not
      const id = nextId++;
      return new Promise<Device[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, xml });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new Error('The decoder was closed.'));
      if (w) await w.terminate();
    },
  };
}
