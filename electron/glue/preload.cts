// The preload of the sandboxed renderer (compiled to CommonJS: sandboxed preloads cannot be ES modules,
// and cannot require our other files either). It exposes exactly two functions, after Element Desktop's
// preload: invoke on a known channel, and listen to a known event. ipcRenderer itself never reaches the
// page, so a compromised page cannot send on arbitrary channels or see the IPC event objects.
//
// The channel lists are repeated here because a sandboxed preload cannot import shared/; the types below
// make tsc fail when they differ from the contract's, and test/electron/glue.test.ts checks them at run time.

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS form tsc keeps under verbatimModuleSyntax
import electron = require('electron');
import type { IpcRendererEvent } from 'electron';
import type { EventChannel, InvokeChannel } from '../../shared/ipc/contract.js' with {
  'resolution-mode': 'import',
};

const INVOKE = [
  'app:snapshot',
  'auth:begin',
  'auth:complete',
  'auth:cancel',
  'auth:sign-out',
  'sync:refresh',
  'devices:set-alias',
  'devices:move',
  'folders:create',
  'folders:rename',
  'folders:move',
  'folders:delete',
  'sessions:create',
  'sessions:update',
  'sessions:delete',
  'shell:open-external',
  'settings:update',
  'notifications:pause',
  'window:activity',
  // status history, outages and watches (issue 11)
  'history:device',
  'history:overview',
  'history:query',
  'history:export',
  'watch:get',
  'watch:set',
] as const satisfies readonly InvokeChannel[];
const EVENTS = [
  'auth:state',
  'sync:state',
  'data:change',
  'settings:state',
  'notify:sessions',
  'ui:focus-session',
  'notify:status',
] as const satisfies readonly EventChannel[];

// Compile-time proof that the lists above are exactly the contract's: `satisfies` refuses a channel the
// contract does not have, SameSet refuses a contract channel missing here. The lists must keep their
// literal types (as const) for this to mean anything: a list typed InvokeChannel[] covers every channel.
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _allInvoke: SameSet<InvokeChannel, (typeof INVOKE)[number]> = true;
const _allEvents: SameSet<EventChannel, (typeof EVENTS)[number]> = true;
void _allInvoke;
void _allEvents;

const BRIDGE_GLOBAL = 'supportConsole';
const { contextBridge, ipcRenderer } = electron;

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, {
  invoke(channel: unknown, payload: unknown): Promise<unknown> {
    if (typeof channel !== 'string' || !(INVOKE as readonly string[]).includes(channel)) {
      return Promise.resolve({ ok: false, error: { kind: 'validation', message: 'Unknown request.' } });
    }
    return ipcRenderer.invoke(channel, payload);
  },
  on(event: unknown, listener: unknown): () => void {
    if (
      typeof event !== 'string' ||
      !(EVENTS as readonly string[]).includes(event) ||
      typeof listener !== 'function'
    ) {
      console.error(`Unknown event ${String(event)} ignored`);
      return () => undefined;
    }
    // The page gets the payload only, never the IpcRendererEvent (it holds the sender).
    const wrapped = (_event: IpcRendererEvent, payload: unknown) =>
      (listener as (p: unknown) => void)(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
});
