// A status notice (issue 11) travels as data: its items say what happened to which device or folder. Its
// words are made here, in the language of whoever shows it: main for a native notification, the
// renderer for an in-page toast. Main also keeps an English title and body, for its log only.

import type { StatusNoticeItem, StatusNoticeKind } from '../status-history.js';
import type { SharedMessageKey } from './catalogues/index.js';
import type { MessageValues } from './translator.js';

const NAMES_PER_GROUP = 5;
const ORDER: StatusNoticeKind[] = ['outage', 'offline', 'offline-long', 'busy-long', 'outage-end', 'online'];
/** ICU select keys: the kinds without their hyphen. */
const SELECT: Record<StatusNoticeKind, string> = {
  outage: 'outage',
  'outage-end': 'outageEnd',
  offline: 'offline',
  online: 'online',
  'offline-long': 'offlineLong',
  'busy-long': 'busyLong',
};

type Translate = (key: SharedMessageKey, values?: MessageValues) => string;

/** A device's or folder's name as the reader sees it; one without a name is named by its id. */
export function deviceName(label: string | null, id: string, t: Translate): string {
  return label ?? t('statusNotice.unnamedDevice', { id });
}

export function folderName(name: string | null, id: string, t: Translate): string {
  return name ?? t('statusNotice.unnamedFolder', { id });
}

function label(item: StatusNoticeItem, t: Translate): string {
  if (item.kind === 'outage' || item.kind === 'outage-end') {
    const name = folderName(item.label, item.folderId ?? '', t);
    return t('statusNotice.outageLabel', { name, devices: item.devices ?? 0, size: item.size ?? 0 });
  }
  const name = deviceName(item.label, item.deviceId ?? '', t);
  return item.flapping ? t('statusNotice.flapping', { label: name }) : name;
}

function names(items: readonly StatusNoticeItem[], t: Translate): string {
  const shown = items
    .slice(0, NAMES_PER_GROUP)
    .map((i) => label(i, t))
    .join(', ');
  const more = items.length - NAMES_PER_GROUP;
  return more > 0 ? t('notice.more', { names: shown, count: more }) : shown;
}

export function statusNoticeText(
  items: readonly StatusNoticeItem[],
  t: Translate,
): { title: string; body: string } {
  const groups = ORDER.map((kind) => ({ kind, items: items.filter((i) => i.kind === kind) })).filter(
    (g) => g.items.length > 0,
  );
  const phrase = (kind: StatusNoticeKind, count: number) =>
    t('statusNotice.group', { kind: SELECT[kind], count });
  const single = items.length === 1 ? (items[0] as StatusNoticeItem) : null;
  if (single && single.kind !== 'outage' && single.kind !== 'outage-end')
    return {
      title: t('statusNotice.single', { kind: SELECT[single.kind], label: label(single, t) }),
      body: '',
    };
  const first = groups[0];
  const title =
    groups.length === 1 && first
      ? phrase(first.kind, first.items.length)
      : t('statusNotice.alerts', { count: items.length });
  // One kind: the title already says what happened, the body only names whom ("Site outage — Helpdesk
  // (173 of 173 devices)", not the phrase twice).
  const body =
    groups.length === 1 && first
      ? names(first.items, t)
      : groups
          .map((g) =>
            t('statusNotice.line', { phrase: phrase(g.kind, g.items.length), names: names(g.items, t) }),
          )
          .join('\n');
  return { title, body };
}
