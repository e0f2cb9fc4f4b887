// Devices: folder tree | counts, search, filters and the virtualised grid | detail panel (while selected).
// Narrower than COMPACT_BELOW_PX the side panes become a drawer, the filters fold behind one button that
// says how many are set, and the detail panel lies over the grid with its own close.

import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Id } from '../../shared/model.js';
import { DEFAULT_FILTER, type DeviceFilter, type StatusFilter } from '../domain/device-query.js';
import { t } from '../i18n/index.js';
import { useDeviceView, useStores, useUi } from '../state/context.js';
import { SEARCH_INPUT_ID } from '../shortcuts.js';
import { DeviceDetail } from '../components/DeviceDetail.js';
import { DeviceTable } from '../components/DeviceTable.js';
import { FolderPane } from '../components/FolderPane.js';
import { MoveDevicesDialog } from '../components/MoveDevicesDialog.js';
import { useDebouncedText, useUiCommand } from '../components/hooks.js';
import { ColumnChooser } from '../components/ColumnChooser.js';
import { DeviceRowMenu } from '../components/DeviceRowMenu.js';
import { ExportButton } from '../components/ExportButton.js';
import { BulkDialog } from '../components/BulkDialog.js';
import { SavedViewsPanel } from '../components/SavedViewsPanel.js';
import type { MenuAnchor } from '../components/ContextMenu.js';
import { HistoryFilterControl } from '../components/HistoryFilterControl.js';
import { ActiveViewBar } from '../components/ActiveViewBar.js';
import { COMPACT_BELOW_PX, SidePanes, useNarrowerThan } from '../components/SidePanes.js';
import { OtherAccountsMatches } from '../components/OtherAccountsMatches.js';
import { SpanningViewMatches, useSpanningView } from '../components/SpanningViewMatches.js';

const STATUS_CHIPS: Array<{
  status: Exclude<StatusFilter, 'all'>;
  label: 'devices.count.online' | 'devices.count.offline' | 'devices.count.busy' | 'devices.count.unknown';
}> = [
  { status: 'online', label: 'devices.count.online' },
  { status: 'offline', label: 'devices.count.offline' },
  { status: 'busy', label: 'devices.count.busy' },
  { status: 'unknown', label: 'devices.count.unknown' },
];

export function DevicesScreen() {
  const stores = useStores();
  const view = useDeviceView();
  const filter = useUi((s) => s.deviceFilter);
  // The detail pane only while something is selected: the grid gets its width back otherwise.
  const hasSelection = useUi((s) => s.selectedDeviceIds.size > 0);
  const [editingAlias, setEditingAlias] = useState<Id | null>(null);
  const [rowMenu, setRowMenu] = useState<{ id: Id; at: MenuAnchor } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const spanning = useSpanningView();
  useUiCommand('bulk', () => setBulkOpen(true));
  const commitSearch = useCallback((text: string) => stores.uiActions.setFilter({ text }), [stores]);
  const [searchText, setSearchText] = useDebouncedText(filter.text, commitSearch);
  useAnnounceCountAfterFilter(filter, view.rows.length, view.counts.total);
  useHistoryClock();
  const screenRef = useRef<HTMLDivElement>(null);
  const compact = useNarrowerThan(screenRef, COMPACT_BELOW_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const historyFilterSet = useUi((s) => s.historyFilter.kind !== 'none');
  const filtersSet =
    Number(filter.status !== DEFAULT_FILTER.status) +
    Number(filter.os !== DEFAULT_FILTER.os) +
    Number(filter.includeSubfolders !== DEFAULT_FILTER.includeSubfolders) +
    Number(historyFilterSet);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    drawerButton.current?.focus();
  }, []);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  useSidePaneKey(compact, openDrawer);

  function editAlias(id: Id) {
    stores.uiActions.selectDevice(id);
    setEditingAlias(id);
  }
  // The palette's "Edit alias" acts on the selected device (the one with the keyboard's focus).
  useUiCommand('edit-alias', () => {
    const { activeDeviceId, selectedDeviceIds } = stores.ui.getState();
    const id = activeDeviceId ?? (selectedDeviceIds.size === 1 ? [...selectedDeviceIds][0] : null);
    if (id) editAlias(id);
  });

  return (
    <div ref={screenRef} className={compact ? 'devices-screen compact' : 'devices-screen'}>
      <SidePanes compact={compact} open={drawerOpen} onClose={closeDrawer}>
        <SavedViewsPanel />
        <FolderPane />
      </SidePanes>
      <section className="device-main" aria-labelledby="devices-title">
        <div className="toolbar">
          <h1 id="devices-title">{t('devices.title')}</h1>
          <div className="counts" role="group" aria-label={t('devices.counts')}>
            <span className="count-total">{t('devices.count.total', { count: view.counts.total })}</span>
            {STATUS_CHIPS.map(({ status, label }) => (
              <button
                key={status}
                type="button"
                className={`chip status-${status}`}
                aria-pressed={filter.status === status}
                onClick={() =>
                  stores.uiActions.setFilter({ status: filter.status === status ? 'all' : status })
                }
              >
                <span className="dot" aria-hidden="true" />
                {t(label, { count: view.counts[status] })}
              </button>
            ))}
          </div>
          <span className="shown">{t('devices.shown', { count: view.rows.length })}</span>
        </div>
        <div className="toolbar filters">
          {compact && (
            <button
              ref={drawerButton}
              type="button"
              aria-expanded={drawerOpen}
              aria-controls="device-side-panes"
              title={t('shortcuts.sidePanes')}
              onClick={() => setDrawerOpen(true)}
            >
              {t('devices.sidePanes')}
            </button>
          )}
          <label className="search">
            <span className="visually-hidden">{t('devices.search')}</span>
            <input
              id={SEARCH_INPUT_ID}
              type="search"
              placeholder={t('devices.searchPlaceholder')}
              // Room for the placeholder in every language (German, French and the pseudo-locale are longer).
              style={{ '--placeholder-ch': t('devices.searchPlaceholder').length } as CSSProperties}
              title={t('views.searchHelp')}
              aria-describedby="device-search-help"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && searchText) {
                  e.stopPropagation();
                  setSearchText('');
                  stores.uiActions.setFilter({ text: '' });
                }
              }}
            />
          </label>
          {compact && (
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls="device-filter-fields"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {t('devices.filtersButton', { count: filtersSet })}
            </button>
          )}
          <div id="device-filter-fields" className="filter-fields" hidden={compact && !filtersOpen}>
            <label className="inline-field">
              <span>{t('devices.filterStatus')}</span>
              <select
                value={filter.status}
                onChange={(e) => stores.uiActions.setFilter({ status: e.target.value as StatusFilter })}
              >
                <option value="all">{t('devices.filterAll')}</option>
                <option value="online">{t('status.online')}</option>
                <option value="offline">{t('status.offline')}</option>
                <option value="busy">{t('status.busy')}</option>
                <option value="unknown">{t('status.unknown')}</option>
              </select>
            </label>
            <label className="inline-field">
              <span>{t('devices.filterOs')}</span>
              <select value={filter.os} onChange={(e) => stores.uiActions.setFilter({ os: e.target.value })}>
                <option value="all">{t('devices.filterAll')}</option>
                {view.oses.map((os) => (
                  <option key={os} value={os}>
                    {os}
                  </option>
                ))}
              </select>
            </label>
            <HistoryFilterControl />
            <span id="device-search-help" className="visually-hidden">
              {t('views.searchHelp')}
            </span>
            <label className="inline-field checkbox">
              <input
                type="checkbox"
                checked={filter.includeSubfolders}
                onChange={(e) => stores.uiActions.setFilter({ includeSubfolders: e.target.checked })}
              />
              <span>{t('devices.includeSub')}</span>
            </label>
          </div>
          <ColumnChooser />
          <ExportButton />
          <button type="button" onClick={() => setBulkOpen(true)}>
            {t('bulk.open')}
          </button>
          {/* What the amber ages in the Status column mean (STALE_AFTER_MS), said once, here. */}
          <span className="stale-legend">
            <span className="status-age stale" aria-hidden="true">
              {t('status.staleSample')}
            </span>{' '}
            {t('status.staleLegend')}
          </span>
        </div>
        <ActiveViewBar />
        {/* The detail pane sits beside the grid, under the toolbars, so the filters stay in reach while a
            device is open: docked down to 1100 px (the grid then drops the columns the pane repeats),
            floating over the grid's right side below that. */}
        <div className={hasSelection ? 'grid-area with-detail' : 'grid-area'}>
          <DeviceTable onEditAlias={editAlias} onContextMenu={(id, at) => setRowMenu({ id, at })} />
          {hasSelection && <DeviceDetail editingAlias={editingAlias} setEditingAlias={setEditingAlias} />}
        </div>
        {spanning ? <SpanningViewMatches view={spanning} /> : <OtherAccountsMatches />}
      </section>
      <MoveDevicesDialog />
      {bulkOpen && <BulkDialog onClose={() => setBulkOpen(false)} />}
      {rowMenu && (
        <DeviceRowMenu
          id={rowMenu.id}
          at={rowMenu.at}
          onClose={() => setRowMenu(null)}
          onEditAlias={editAlias}
        />
      )}
    </div>
  );
}

/**
 * After the technician changes a filter, the polite live region says how many devices are shown; a poll
 * that changes the numbers says nothing (it would talk over the technician every few seconds).
 */
function useAnnounceCountAfterFilter(filter: DeviceFilter, shown: number, total: number) {
  const stores = useStores();
  const counts = useRef({ shown, total });
  const first = useRef(true);
  useEffect(() => {
    counts.current = { shown, total };
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    stores.uiActions.announce(t('devices.shownOf', counts.current));
  }, [filter, stores]);
}

/**
 * While a history filter is on, its "for more than N" and "in the last hour" move with the clock even
 * when no poll changes anything: the filter is evaluated again each minute.
 */
function useHistoryClock() {
  const stores = useStores();
  const active = useUi((s) => s.historyFilter.kind !== 'none');
  useEffect(() => {
    if (!active) return;
    const tick = () => stores.uiActions.tickHistoryClock(Math.floor(stores.now() / 60_000));
    tick();
    const timer = setInterval(tick, 15_000);
    return () => clearInterval(timer);
  }, [active, stores]);
}

/**
 * Alt+0 reaches the side panes: opens the drawer when they are folded away, else moves focus into them
 * (the selected folder, or the first saved view).
 */
function useSidePaneKey(compact: boolean, openDrawer: () => void) {
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.key !== '0') return;
      e.preventDefault();
      if (compact) openDrawer();
      else
        document
          .querySelector<HTMLElement>(
            '#device-side-panes [role="treeitem"][tabindex="0"], #device-side-panes button',
          )
          ?.focus();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [compact, openDrawer]);
}
