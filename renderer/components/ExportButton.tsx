// "Export CSV" of the current view (its rows in order, its columns): chunked with a progress bar and a
// cancel, then saved as a Blob download. A download rather than an IPC round trip to main: the renderer
// already holds every row, the file is the user's to place (Chromium asks where, or uses Downloads), and
// no file path or 15 MB payload has to cross IPC or be validated main-side. Works the same in Electron
// (its default download handling) and in the browser host.

import { useRef, useState } from 'react';
import { columnByKey } from '../domain/device-columns.js';
import { devicesToCsvFile, type ExportRows } from '../domain/device-export.js';
import { displayZoneName } from '../domain/time-zone.js';
import { getLocale, t } from '../i18n/index.js';
import { useUiCommand } from './hooks.js';
import { useData, useDeviceView, useStores, useUi } from '../state/context.js';

function fileName(now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return t('export.fileName', { stamp });
}

export function ExportButton() {
  const stores = useStores();
  const view = useDeviceView();
  const devices = useData((s) => s.devices);
  const columns = useUi((s) => s.deviceColumns);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useUiCommand('export', () => {
    if (!abort.current) void run();
  });

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    const ids = view.rows;
    // Looked up a chunk at a time, in the tasks that write them (a device gone meanwhile is left out).
    const rows: ExportRows = {
      length: ids.length,
      slice: (start, end) => ids.slice(start, end).flatMap((id) => devices.get(id) ?? []),
    };
    setProgress({ done: 0, total: rows.length });
    try {
      const { file: csv, rows: written } = await devicesToCsvFile(
        rows,
        columns.map((c) => columnByKey(c.key)!),
        stores.views.columnContext(),
        {
          locale: getLocale(),
          // The cells are on the display clock: the header names its zone, not this computer's.
          zone: displayZoneName(),
          signal: controller.signal,
          onProgress: (done, total) => setProgress({ done, total }),
        },
      );
      const name = fileName(new Date());
      const url = URL.createObjectURL(csv);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      // The rows written: a device gone while the export ran is not in the file.
      stores.uiActions.toast('info', t('export.done', { count: written, file: name }));
    } catch (error) {
      if ((error as Error).name !== 'AbortError')
        stores.uiActions.toast('error', t('export.failed', { error: (error as Error).message }));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  if (progress)
    return (
      <span className="export-progress">
        <progress
          value={progress.done}
          max={Math.max(1, progress.total)}
          aria-label={t('export.progress', { done: progress.done, total: progress.total })}
        />
        <span aria-live="polite">{t('export.progress', { done: progress.done, total: progress.total })}</span>
        <button type="button" onClick={() => abort.current?.abort()}>
          {t('export.cancel')}
        </button>
      </span>
    );
  return (
    <button type="button" onClick={() => void run()}>
      {t('export.csv')}
    </button>
  );
}
