// Vitest setup (node project): the devices poll worker starts from the run's prebuilt bundle
// (spawned-bundle.ts builds devices-poll-worker.js from the current source with the host's entries)
// instead of its TypeScript source. From source, every worker registered tsx's loader inside itself
// first, about a third of a second of CPU per start, and the suite starts a worker for every live core
// and every poller test. The built app starts the same bundle (scripts/build-host.mjs); only where it
// comes from changes, not what runs in it. A test that gives the poller a worker of its own still gets it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject, vi } from 'vitest';
import type * as WorkerStart from '../../electron/core/devices-worker-start.js';

vi.mock('../../electron/core/devices-worker-start.js', async (importOriginal) => {
  const original = await importOriginal<typeof WorkerStart>();
  const bundled = pathToFileURL(path.join(inject('spawnedBundle'), 'devices-poll-worker.js'));
  return {
    ...original,
    defaultWorkerSpec: (): WorkerStart.WorkerSpec => ({ source: bundled, eval: false }),
  };
});
