// Which saved view narrows the grid, and on what: shown with the filters (the toolbar's own selects stay
// at "All" while a view filters, so without this bar a filtered grid would look unfiltered). Closing it
// shows all devices again; its conditions can be edited from here.

import { useState } from 'react';
import { t } from '../i18n/index.js';
import { useData, useSavedViews, useStores } from '../state/context.js';
import { viewConditionPhrases } from '../domain/view-summary.js';
import { useUiCommand } from './hooks.js';
import { useSpanningView } from './SpanningViewMatches.js';
import { ViewConditionsDialog } from './ViewConditionsEditor.js';

export function ActiveViewBar() {
  const stores = useStores();
  const view = useSavedViews((s) => s.views.find((v) => v.id === s.activeId) ?? null);
  const folders = useData((s) => s.folders);
  // A view of every account says so: the grid above holds this account's rows, the table below the others'.
  const spanning = useSpanningView() !== null;
  const [editing, setEditing] = useState(false);
  useUiCommand('edit-view', () => view && setEditing(true));
  if (!view) return null;
  const phrases = viewConditionPhrases(view, { folderName: (id) => folders.get(id)?.name ?? null });
  return (
    <div className="active-view" role="group" aria-label={t('views.activeLabel')}>
      <strong className="active-view-name">{t('views.activeName', { name: view.name })}</strong>
      {spanning && <span className="hint">({t('views.spansAccounts')})</span>}
      <ul className="active-view-conditions">
        {phrases.length === 0 ? (
          <li>{t('views.noConditions')}</li>
        ) : (
          phrases.map((phrase, i) => <li key={i}>{phrase}</li>)
        )}
      </ul>
      <button type="button" onClick={() => setEditing(true)}>
        {t('views.editConditions')}
      </button>
      <button type="button" className="active-view-close" onClick={() => stores.savedViews.activate(null)}>
        {t('views.closeActive')}
      </button>
      {editing && <ViewConditionsDialog view={view} onClose={() => setEditing(false)} />}
    </div>
  );
}
