// Sharing a session with its customer: "copy invitation text" (their language, the time as entered with
// its offset) and an .ics calendar file (a Blob download, as the CSV export).

import type { SupportSession } from '../../shared/model.js';
import { invitationText, sessionIcs } from '../domain/session-invitation.js';
import { localOffsetMinutes, offsetLabel, type UtcOffset } from '../domain/time-zone.js';
import { t } from '../i18n/index.js';
import { useStores } from '../state/context.js';
import { ContextMenu, copyText, type MenuAnchor, type MenuItem } from './ContextMenu.js';

/** The two ways to share a session, for its detail pane and its menu. */
export function useSessionShare(session: SupportSession, offset: UtcOffset | null) {
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
      // What was copied, by whom it is for, not the name of the button that copied it.
      ok ? t('menu.copiedInvitation', { customer: session.customer ?? session.code ?? session.id }) : text,
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
  async function copyCode() {
    if (!session.code) return;
    const ok = await copyText(session.code);
    stores.uiActions.toast(
      ok ? 'info' : 'error',
      ok ? t('menu.copied', { text: session.code }) : session.code,
    );
  }
  return { copyInvitation, downloadIcs, copyCode };
}

export function SessionShare({ session, offset }: { session: SupportSession; offset: UtcOffset | null }) {
  const { copyInvitation, downloadIcs } = useSessionShare(session, offset);
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

/** A session's context menu in the list: copy its code, its invitation, or get its calendar file. */
export function SessionMenu(props: {
  session: SupportSession;
  offset: UtcOffset | null;
  at: MenuAnchor;
  onClose: () => void;
  /** The session's own actions after the sharing ones (edit, delete), as its detail's buttons offer them. */
  more?: MenuItem[];
}) {
  const share = useSessionShare(props.session, props.offset);
  return (
    <ContextMenu
      label={t('menu.label', { name: props.session.customer ?? props.session.id })}
      at={props.at}
      onClose={props.onClose}
      items={[
        {
          label: t('menu.copyCode'),
          disabled: props.session.code ? null : t('common.none'),
          onSelect: () => void share.copyCode(),
        },
        { label: t('menu.copyInvitation'), onSelect: () => void share.copyInvitation() },
        {
          label: t('menu.downloadIcs'),
          disabled: props.session.plannedInitTime ? null : t('sessions.noTime'),
          onSelect: share.downloadIcs,
        },
        ...(props.more ?? []),
      ]}
    />
  );
}
