// The grid's column chooser: every device field as a checkbox, the shown ones with buttons to move them
// left or right. Changes apply at once (and to the active saved view).

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_COLUMNS, DEVICE_COLUMNS } from '../domain/device-columns.js';
import { t } from '../i18n/index.js';
import { useStores, useUi } from '../state/context.js';
import { useReturnFocus } from './focus.js';

export function ColumnChooser() {
  const stores = useStores();
  const columns = useUi((s) => s.deviceColumns);
  const [open, setOpen] = useState(false);
  const shown = new Map(columns.map((c, i) => [c.key, i]));
  return (
    <div className="column-chooser">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="column-chooser-panel"
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {t('columns.choose')}
      </button>
      {open && (
        <ChooserPanel onClose={() => setOpen(false)}>
          <ul>
            {DEVICE_COLUMNS.map((c) => {
              const index = shown.get(c.key);
              const label = t(c.label);
              return (
                <li key={c.key}>
                  <label>
                    <input
                      type="checkbox"
                      checked={index !== undefined}
                      disabled={index !== undefined && columns.length === 1}
                      onChange={() => stores.uiActions.toggleColumn(c.key)}
                    />
                    {label}
                  </label>
                  {index !== undefined && (
                    <span className="column-move">
                      <button
                        type="button"
                        aria-label={t('columns.moveLeft', { column: label })}
                        disabled={index === 0}
                        onClick={() => stores.uiActions.moveColumn(c.key, -1)}
                      >
                        ←
                      </button>
                      <button
                        type="button"
                        aria-label={t('columns.moveRight', { column: label })}
                        disabled={index === columns.length - 1}
                        onClick={() => stores.uiActions.moveColumn(c.key, 1)}
                      >
                        →
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={() => stores.uiActions.setColumns(DEFAULT_COLUMNS)}>
            {t('columns.reset')}
          </button>
        </ChooserPanel>
      )}
    </div>
  );
}

/** The open panel: focus moves into it, Escape closes it and focus goes back to the button (focus.ts). */
function ChooserPanel({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus(ref);
  useEffect(() => ref.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus(), []);
  return (
    <div
      ref={ref}
      id="column-chooser-panel"
      className="column-chooser-panel"
      role="group"
      aria-label={t('columns.chooserTitle')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}
