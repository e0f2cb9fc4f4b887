// A saved view's conditions in words, for the bar that shows which view narrows the grid ("Folder:
// Customers and subfolders · Status: Offline"). An AND at the top is a list; nested groups are
// parenthesised so an OR never reads as an AND. A kind this build cannot word is named, not hidden.

import type { Id } from '../../shared/model.js';
import { formatAge, formatNumber, t } from '../i18n/index.js';
import type { SavedView } from './saved-view.js';
import type { Condition } from './view-conditions.js';

const STATUS_KEYS = {
  online: 'status.online',
  offline: 'status.offline',
  busy: 'status.busy',
  unknown: 'status.unknown',
} as const;

export interface SummaryContext {
  /** The folder's name, or null when the tree does not hold it (any more). */
  folderName(id: Id): string | null;
}

/** The view's search and top-level conditions, one phrase each (empty: the view shows every device). */
export function viewConditionPhrases(view: SavedView, ctx: SummaryContext): string[] {
  const phrases: string[] = [];
  if (view.search.trim()) phrases.push(t('views.cond.text', { query: view.search.trim() }));
  const top = view.where.op === 'and' ? view.where.conditions : [view.where];
  for (const c of top) {
    const phrase = conditionPhrase(c, ctx, true);
    if (phrase) phrases.push(phrase);
  }
  return phrases;
}

function statusName(status: string): string {
  return status in STATUS_KEYS ? t(STATUS_KEYS[status as keyof typeof STATUS_KEYS]) : status;
}

function minutes(m: unknown): string {
  return formatAge(Number(m) * 60_000);
}

function conditionPhrase(c: Condition, ctx: SummaryContext, top: boolean): string {
  switch (c.kind) {
    case 'group': {
      const parts = (c.conditions as Condition[]).map((x) => conditionPhrase(x, ctx, false)).filter(Boolean);
      if (parts.length === 0) return '';
      const joined = parts.join(c.op === 'or' ? t('views.cond.or') : t('views.cond.and'));
      return top || parts.length === 1 ? joined : `(${joined})`;
    }
    case 'not':
      return t('views.cond.not', { condition: conditionPhrase(c.condition as Condition, ctx, false) });
    case 'status':
      return t('views.cond.status', { list: (c.in as string[]).map(statusName).join(', ') });
    case 'os':
      return t('views.cond.os', {
        list: (c.in as string[]).map((os) => os || t('views.cond.noOs')).join(', '),
      });
    case 'folder': {
      const id = c.folderId as Id | null;
      const name = id === null ? t('folders.unassigned') : (ctx.folderName(id) ?? t('views.cond.goneFolder'));
      return t(c.subtree && id !== null ? 'views.cond.folderSub' : 'views.cond.folder', { name });
    }
    case 'ip':
      return t('views.cond.ip', { range: String(c.range) });
    case 'alias':
      return t(c.empty ? 'views.cond.noAlias' : 'views.cond.hasAlias');
    case 'ramBelow':
      return t('views.cond.ramBelow', { mb: formatNumber(Number(c.mb)) });
    case 'freeSpaceBelow':
      return t('views.cond.freeBelow', { percent: Number(c.percent) / 100 });
    case 'statusOlderThan':
      return t('views.cond.olderThan', { age: minutes(c.minutes) });
    case 'text':
      return t('views.cond.text', { query: String(c.query) });
    case 'statusLongerThan':
      return t('views.cond.longer', { status: statusName(String(c.status)), age: minutes(c.minutes) });
    case 'changedWithin':
      return t('views.cond.changedWithin', { age: minutes(c.minutes) });
    case 'flapping':
      return t('history.flapping');
    default:
      return t('views.cond.other', { kind: c.kind });
  }
}
