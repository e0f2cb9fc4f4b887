// A status notice: one notification for everything a poll raised. It travels as data (its items); the
// words are made where it is shown, in the technician's language (shared/i18n/status-notice-text.ts).
// The English title and body kept here are for the log and for hosts that show no language.

import { sharedTranslator } from '../../../shared/i18n/catalogues/index.js';
import { statusNoticeText } from '../../../shared/i18n/status-notice-text.js';
import type { StatusNotice, StatusNoticeItem, StatusNoticeKind } from '../../../shared/status-history.js';

const ORDER: StatusNoticeKind[] = ['outage', 'offline', 'offline-long', 'busy-long', 'outage-end', 'online'];

export function batchNotice(items: readonly StatusNoticeItem[]): StatusNotice {
  const { title, body } = statusNoticeText(items, sharedTranslator('en').t);
  // A click opens the first thing named: the outage's folder, or the device.
  const first = ORDER.map((kind) => items.find((i) => i.kind === kind)).find((i) => i !== undefined);
  const target = first as StatusNoticeItem;
  const open =
    target.deviceId !== null
      ? { kind: 'device' as const, id: target.deviceId }
      : target.folderId !== null
        ? { kind: 'folder' as const, id: target.folderId }
        : null;
  return { title, body, items: [...items], open };
}
