// The renderer's one way to the main process. In Electron the preload has put the bridge on
// window.supportConsole; in the browser host there is none, and the HTTP bridge speaks to the host instead.

import type { Bridge } from '../../shared/ipc/contract.js';
import { BRIDGE_GLOBAL } from '../../shared/ipc/contract.js';
import { createHttpBridge } from './http-bridge.js';

let bridge: Bridge | null = null;

export function getBridge(): Bridge {
  if (!bridge) {
    const exposed = (window as unknown as Record<string, Bridge | undefined>)[BRIDGE_GLOBAL];
    bridge = exposed ?? createHttpBridge();
  }
  return bridge;
}

export { createHttpBridge } from './http-bridge.js';
