// Runs inside a worker_threads Worker (devices-decoder.ts): parses a devices document so the main
// process's event loop stays free while a 100,000-device list is decoded.

import { parentPort } from 'node:worker_threads';
import { decodeDevices } from '../../shared/xml/resources.js';
import { isXmlError } from '../../shared/xml/xml-error.js';

export interface DecodeRequest {
  id: number;
  xml: string;
}
export type DecodeReply =
  | { id: number; ok: true; devices: ReturnType<typeof decodeDevices> }
  | { id: number; ok: false; error: { reason?: string; field?: string; message: string } };
/** `ready` is sent once this module and all it imports have loaded: the decoder's sign that the worker is usable. */
export type WorkerMessage = DecodeReply | { ready: true };

parentPort?.on('message', (request: DecodeRequest) => {
  let reply: DecodeReply;
  try {
    reply = { id: request.id, ok: true, devices: decodeDevices(request.xml) };
  } catch (error) {
    reply = {
      id: request.id,
      ok: false,
      error: isXmlError(error)
        ? { reason: error.reason, field: error.field, message: error.message }
        : { message: error instanceof Error ? error.message : 'decode failed' },
    };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
