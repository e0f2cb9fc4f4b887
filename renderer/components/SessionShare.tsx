// Sharing a session with its customer: "copy invitation text" (their language, the time as entered with
// its offset) and an .ics calendar file (a Blob download, as the CSV export).

import type { SupportSession } from '../../shared/model.js';
import { invitationText, sessionIcs } from '../domain/session-invitation.js';
import { localOffsetMinutes, offsetLabel, type UtcOffset } from '../domain/time-zone.js';
import { t } from '../i18n/index.js';
import { useStores } from '../state/context.js';
import { copyText } from './ContextMenu.js';

export function SessionShare({ session, offset }: { session: SupportSession; offset: UtcOffset | null }) {
  const stores = useStores();
  function zone(): UtcOffset {
    if (offset) return offset;
    const minutes = localOffsetMinutes(new Date());
    return { minutes, label: offsetLabel(minutes) };
  }
  async function copyInvitation() {
    const text = invitationText(session, zone());
    const ok = await copyText(text);
    stores.uiActions.toast(
      ok ? 'info' : 'error',
      ok ? t('menu.copied', { text: t('menu.copyInvitation') }) : text,
    );
  }
  function downloadIcs() {
    const r = sessionIcs(session, zone());
    if (!r.ok) {
      stores.uiActions.toast('error', r.error);
      return;
    }
    const url = URL.createObjectURL(new Blob([r.ics], { type: 'text/calendar;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `session-${session.code ?? session.id}.ics`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return (
    <div className="session-share">
      <button type="button" onClick={() => void copyInvitation()}>
        {t('menu.copyInvitation')}
      </button>
      <button type="button" onClick={downloadIcs} disabled={!session.plannedInitTime}>
        {t('menu.downloadIcs')}
      </button>
    </div>
  );
}
