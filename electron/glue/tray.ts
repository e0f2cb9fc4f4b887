// The tray icon: image, tooltip and menu follow the core's TrayState (see tray-menu.ts for the words).

import path from 'node:path';
import { Menu, Tray, nativeImage } from 'electron';
import type { HostedCore } from '../core-port.js';
import type { TrayActions } from './tray-menu.js';
import { buildTrayMenu, trayIconFile, trayTooltip } from './tray-menu.js';

export function createTray(
  core: HostedCore,
  iconDir: string,
  actions: TrayActions,
  platform: NodeJS.Platform = process.platform,
): { destroy(): void } {
  const image = (state: Parameters<typeof trayIconFile>[0]) =>
    nativeImage.createFromPath(path.join(iconDir, trayIconFile(state, platform)));
  const initial = core.trayState();
  const tray = new Tray(image(initial));
  const render = (state: typeof initial) => {
    tray.setImage(image(state));
    tray.setToolTip(trayTooltip(state));
    tray.setContextMenu(Menu.buildFromTemplate(buildTrayMenu(state, actions)));
  };
  render(initial);
  // Windows and Linux: a left click opens the window (the menu is on the right click).
  tray.on('click', () => actions.openWindow());
  const off = core.onTrayStateChange(render);
  return {
    destroy() {
      off();
      tray.destroy();
    },
  };
}
