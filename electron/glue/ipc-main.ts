// Every invoke channel of the contract, registered once. Each call is checked twice before a handler runs
// (after VS Code's validated ipcMain): first WHO sent it (our main window's top frame, showing our own
// renderer file), then WHAT (dispatchInvoke validates the payload against the contract's schema). A call
// that fails the first check is refused as data and never reaches the core.

import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { InvokeHandlers, IpcResult } from '../../shared/ipc/contract.js';
import { INVOKE_CHANNELS } from '../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../shared/ipc/dispatch.js';

export interface TrustedRenderer {
  /** The main window's contents, or null while there is none. */
  webContents(): WebContents | null;
  /** file:// URL of the renderer's index.html. */
  url: string;
}

export function isTrustedSender(event: IpcMainInvokeEvent, trusted: TrustedRenderer): boolean {
  const contents = trusted.webContents();
  if (!contents || event.sender !== contents) return false;
  const frame = event.senderFrame;
  // Only the top frame: the renderer has no iframes, and a frame that appeared anyway is not ours.
  if (!frame || frame !== contents.mainFrame) return false;
  let sender: URL;
  let expected: URL;
  try {
    sender = new URL(frame.url);
    expected = new URL(trusted.url);
  } catch {
    return false;
  }
  return (
    sender.protocol === 'file:' &&
    sender.protocol === expected.protocol &&
    sender.pathname === expected.pathname
  );
}

const REFUSED: IpcResult<never> = {
  ok: false,
  error: { kind: 'not-allowed', message: 'This request did not come from the Support Console window.' },
};

/** Registers all channels; returns a function that removes them again. */
export function registerInvokeHandlers(
  ipcMain: IpcMain,
  handlers: InvokeHandlers,
  trusted: TrustedRenderer,
): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      if (!isTrustedSender(event, trusted)) {
        console.warn(`Refused IPC "${channel}" from an untrusted sender.`);
        return REFUSED;
      }
      return dispatchInvoke(handlers, channel, payload);
    });
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
  };
}
