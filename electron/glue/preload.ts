// The preload of the sandboxed renderer. It exposes exactly two functions, after Element Desktop's preload:
// invoke on a known channel, and listen to a known event. ipcRenderer itself never reaches the page, so a
// compromised page cannot send on arbitrary channels or see the IPC event objects.
//
// A sandboxed preload cannot require our other files, so this one is bundled at build time
// (scripts/build-preload.mjs): the channel lists come from the contract's tables, named there only.

import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL, EVENT_CHANNELS } from '../../shared/ipc/contract.js';
import { INVOKE_CHANNELS } from '../../shared/ipc/schemas.js';

const invokeChannels = new Set<string>(INVOKE_CHANNELS);
const eventChannels = new Set<string>(EVENT_CHANNELS);
const utf8 = new TextDecoder();

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, {
  invoke(channel: unknown, payload: unknown): Promise<unknown> {
    if (typeof channel !== 'string' || !invokeChannels.has(channel)) {
      return Promise.resolve({ ok: false, error: { kind: 'validation', message: 'Unknown request.' } });
    }
    return ipcRenderer.invoke(channel, payload);
  },
  on(event: unknown, listener: unknown): () => void {
    if (typeof event !== 'string' || !eventChannels.has(event) || typeof listener !== 'function') {
      console.error(`Unknown event ${String(event)} ignored`);
      return () => undefined;
    }
    // The page gets the payload only, never the IpcRendererEvent (it holds the sender). A data:change
    // may come as its JSON in UTF-8: a part of the devices, serialised by their owner off the main thread.
    const wrapped = (_event: IpcRendererEvent, payload: unknown) =>
      (listener as (p: unknown) => void)(
        event === 'data:change' && payload instanceof Uint8Array ? JSON.parse(utf8.decode(payload)) : payload,
      );
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
});
