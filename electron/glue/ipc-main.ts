// Every invoke channel of the contract, registered once. Each call is checked twice before a handler runs
// (after VS Code's validated ipcMain): first WHO sent it (our main window's top frame, showing our own
// renderer file), then WHAT (dispatchInvoke validates the payload against the contract's schema). A call
// that fails the first check is refused as data and never reaches the core.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { InvokeHandlers, IpcResult } from '../../shared/ipc/contract.js';
import { INVOKE_CHANNELS } from '../../shared/ipc/schemas.js';
import { dispatchInvoke } from '../../shared/ipc/dispatch.js';

export interface TrustedRenderer {
  /** The main window's contents, or null while there is none. */
  webContents(): WebContents | null;
  /** file:// URL of the renderer's index.html. */
  url: string;
}

export function isTrustedSender(
  event: IpcMainInvokeEvent,
  trusted: TrustedRenderer,
  platform: NodeJS.Platform = process.platform,
): boolean {
  const contents = trusted.webContents();
  if (!contents || event.sender !== contents) return false;
  const frame = event.senderFrame;
  // Only the top frame: the renderer has no iframes, and a frame that appeared anyway is not ours.
  if (!frame || frame !== contents.mainFrame) return false;
  const windows = platform === 'win32';
  const sender = rendererFile(frame.url, windows);
  const expected = rendererFile(trusted.url, windows);
  return sender !== null && sender === expected;
}

/**
 * The file a file: URL shows, as the OS names it: URL pathnames differ for one file (percent-encoding of
 * spaces and non-ASCII letters, `C:` vs `c:`, `%5C` vs `/`), paths do not. Windows paths compare without
 * case, as NTFS does. Anything but a local file (another scheme, a UNC host elsewhere) is null.
 */
function rendererFile(url: string, windows: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'file:') return null;
  parsed.search = '';
  parsed.hash = '';
  try {
    const file = fileURLToPath(parsed, { windows });
    return windows ? path.win32.normalize(file).toLowerCase() : path.posix.normalize(file);
  } catch {
    return null;
  }
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
