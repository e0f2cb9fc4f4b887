// The words of a status notice: one notification for everything a poll raised, the title saying what
// happened and the body naming whom, grouped by kind ("3 devices came back: PC-1, PC-2, PC-3").

import type { StatusNotice, StatusNoticeItem, StatusNoticeKind } from '../../../shared/status-history.js';

const NAMES_PER_GROUP = 5;
const ORDER: StatusNoticeKind[] = ['outage', 'offline', 'offline-long', 'busy-long', 'outage-end', 'online'];

function phrase(kind: StatusNoticeKind, n: number): string {
  const devices = n === 1 ? 'device' : 'devices';
  switch (kind) {
    case 'outage':
      return n === 1 ? 'Site outage' : `${n} site outages`;
    case 'outage-end':
      return n === 1 ? 'Site outage over' : `${n} site outages over`;
    case 'offline':
      return `${n} ${devices} went offline`;
    case 'online':
      return `${n} ${devices} came back`;
    case 'offline-long':
      return `${n} ${devices} offline too long`;
    case 'busy-long':
      return `${n} ${devices} busy too long`;
  }
}

function label(item: StatusNoticeItem): string {
  return item.flapping ? `${item.label} (flapping)` : item.label;
}

function names(items: readonly StatusNoticeItem[]): string {
  const shown = items.slice(0, NAMES_PER_GROUP).map(label).join(', ');
  const more = items.length - NAMES_PER_GROUP;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

export function batchNotice(items: readonly StatusNoticeItem[]): StatusNotice {
  const groups = ORDER.map((kind) => ({ kind, items: items.filter((i) => i.kind === kind) })).filter(
    (g) => g.items.length > 0,
  );
  const first = groups[0] as { kind: StatusNoticeKind; items: StatusNoticeItem[] };
  const single = items.length === 1 ? (items[0] as StatusNoticeItem) : null;
  let title: string;
  if (single && single.kind !== 'outage' && single.kind !== 'outage-end') {
    title = `${label(single)} ${phrase(single.kind, 1).replace(/^1 device /, '')}`;
  } else if (groups.length === 1) {
    title = phrase(first.kind, first.items.length);
  } else {
    title = `${items.length} device alerts`;
  }
  const body =
    single && single.kind !== 'outage' && single.kind !== 'outage-end'
      ? ''
      : groups.map((g) => `${phrase(g.kind, g.items.length)}: ${names(g.items)}`).join('\n');
  // A click opens the first thing named: the outage's folder, or the device.
  const target = first.items[0] as StatusNoticeItem;
  const open =
    target.deviceId !== null
      ? { kind: 'device' as const, id: target.deviceId }
      : target.folderId !== null
        ? { kind: 'folder' as const, id: target.folderId }
        : null;
  return { title, body, items: [...items], open };
}
