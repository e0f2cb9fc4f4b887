// The app's binary run as the command line (electron/cli-mode.ts): no Dock icon on macOS while it runs,
// and the process ends with the command's exit code. Nothing else of the app starts.

import { app } from 'electron';

export function exitWithCommandLine(run: Promise<number>): void {
  app.dock?.hide();
  void run.then(
    (code) => app.exit(code),
    () => app.exit(1),
  );
}
