// Decodes devices documents in a worker thread. One worker, started on first use, kept while the core
// runs, replaced if it dies after it was up.
//
// The worker's source must load both as compiled JavaScript (the built app: devices-decode-worker.js
// beside this file) and as TypeScript under tsx/Vitest (this file is then a .ts source): in the latter
// case a tiny inline bootstrap registers tsx's loader inside the worker, then imports the .ts worker.
//
// In the packaged app this file sits inside app.asar, and the worker is a single CommonJS bundle beside the
// built code (dist/worker/devices-decode-worker.cjs, made by build/bundle-worker.ts): Electron reads
// CommonJS worker scripts from asar, ES-module workers and their imports from asar it does not promise.
//
// A worker that cannot start at all (missing file, a module that fails to load) must not leave the
// technician without devices: the decoder then decodes in this thread with the same codec, once logged.
// Slower for a huge list, but correct.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Device } from '../../shared/model.js';
import { decodeDevices } from '../../shared/xml/resources.js';
import { XmlError, type XmlErrorReason } from '../../shared/xml/xml-error.js';
import type { DecodeReply, WorkerMessage } from './devices-decode-worker.js';
import type { Logger } from './logger.js';
import { silentLogger } from './logger.js';

export interface DevicesDecoder {
  decode(xml: string): Promise<Device[]>;
  close(): Promise<void>;
}

/** What the Worker is started from: a module URL, or (eval) inline source. */
export interface WorkerSpec {
  source: string | URL;
  eval: boolean;
  workerData?: unknown;
}

export interface DevicesDecoderOptions {
  /** Where the worker comes from (default: devices-decode-worker beside this file). Tests inject a broken one. */
  worker?: WorkerSpec;
  logger?: Logger;
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

/** The worker to start for a decoder module at `here`: the one-file bundle when running from app.asar. */
export function workerLocation(here: string): string | URL {
  if (/\.asar\//.test(new URL(here).pathname))
    return fileURLToPath(new URL('../../../worker/devices-decode-worker.cjs', here));
  return new URL('./devices-decode-worker.js', here);
}

function defaultWorkerSpec(): WorkerSpec {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsxApi = tsxEsmApi(here);
    return {
      source: BOOTSTRAP,
      eval: true,
      workerData: { tsxApi, entry: new URL('./devices-decode-worker.ts', here).href },
    };
  }
  return { source: workerLocation(here), eval: false };
}

interface Pending {
  xml: string;
  resolve: (d: Device[]) => void;
  reject: (e: Error) => void;
}

export function createDevicesDecoder(options: DevicesDecoderOptions = {}): DevicesDecoder {
  const log = options.logger ?? silentLogger;
  let worker: Worker | null = null;
  /** The worker could not start once: everything is decoded here from then on. */
  let inThread = false;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const decodeHere = (xml: string): Promise<Device[]> => {
    try {
      return Promise.resolve(decodeDevices(xml));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const failAll = (error: Error): void => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };

  const fallBack = (why: unknown): void => {
    if (!inThread) {
      inThread = true;
      log.warn('the devices decoding worker could not start; decoding in the main thread instead', {
        error: why instanceof Error ? why.message : String(why),
      });
    }
    worker = null;
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) decodeHere(p.xml).then(p.resolve, p.reject);
  };

  const start = (): Worker | null => {
    const spec = options.worker ?? defaultWorkerSpec();
    let w: Worker;
    try {
      w = new Worker(spec.source, { eval: spec.eval, workerData: spec.workerData });
    } catch (error) {
      fallBack(error);
      return null;
    }
    let ready = false;
    w.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        ready = true;
        return;
      }
      const reply: DecodeReply = message;
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.devices);
      else if (reply.error.reason)
        p.reject(new XmlError(reply.error.reason as XmlErrorReason, reply.error.message, reply.error.field));
      else p.reject(new Error(reply.error.message));
      if (pending.size === 0) w.unref();
    });
    const died = (why: unknown) => {
      if (worker !== w) return;
      if (!ready) fallBack(why);
      else failAll(why instanceof Error ? why : new Error(String(why)));
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`The decoding worker stopped (exit code ${code}).`)));
    worker = w;
    return w;
  };

  return {
    decode(xml) {
      if (closed) return Promise.reject(new Error('The decoder was closed.'));
      if (inThread) return decodeHere(xml);
      const w = worker ?? start();
      if (!w) return decodeHere(xml);
      w.ref(); // a pending decode keeps the process alive; an idle worker does not
      const id = nextId++;
      return new Promise<Device[]>((resolve, reject) => {
        pending.set(id, { xml, resolve, reject });
        w.postMessage({ id, xml });
      });
    },
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      failAll(new Error('The decoder was closed.'));
      if (w) await w.terminate();
    },
  };
}
