// A support session's times: in the user's own zone when the display clock is the account's, with this
// computer's time alongside whenever the zone is not this computer's (the one clock rule).

import { shownAccount } from '../state/shell-store.js';
import { useData, useShell } from '../state/context.js';
import { sessionStart } from '../domain/session-agenda.js';
import {
  keepTimeTogether,
  parseGmtOffset,
  parseTimestamp,
  zonedTime,
  type UtcOffset,
} from '../domain/time-zone.js';
import { t } from '../i18n/index.js';
import type { SupportSession } from '../../shared/model.js';

/** The signed-in user's zone, from the freshest copy of their record. */
export function useUserOffset(): UtcOffset | null {
  const account = useShell((s) => shownAccount(s)?.account ?? null);
  // Sessions follow the display clock like every other time: the account's zone only when chosen.
  const onAccountClock = useShell((s) => s.settings?.displayZone === 'account');
  const users = useData((s) => s.users);
  useData((s) => s.versions.users);
  if (!account || !onAccountClock) return null;
  return parseGmtOffset(users.get(account.user.id)?.timeZone ?? account.user.timeZone);
}

export function ZonedTimeText({
  value,
  offset,
  empty = t('sessions.noTime'),
}: {
  value: string | null;
  offset: UtcOffset | null;
  /** What a missing time means here: "not scheduled" for a plan, "not yet"/"—" for what happened. */
  empty?: string;
}) {
  const at = parseTimestamp(value);
  if (!at) return <>{empty}</>;
  const z = zonedTime(at, offset);
  return (
    <>
      <time dateTime={at.toISOString()}>
        {keepTimeTogether(t('sessions.timeIn', { time: z.primary, zone: z.zone }))}
      </time>
      {z.local && (
        <span className="hint block">{keepTimeTogether(t('sessions.localTime', { time: z.local }))}</span>
      )}
    </>
  );
}

/** A session's start in the list: compact, its zone named where it is not this computer's. */
export function SessionWhen({ session, offset }: { session: SupportSession; offset: UtcOffset | null }) {
  const at = sessionStart(session);
  if (!at) return <>{t('sessions.noTime')}</>;
  const z = zonedTime(at, offset, 'compact');
  // The zone is named where it is not the machine's: a time without it would read as local.
  return (
    <span title={z.local ? t('sessions.localTime', { time: z.local }) : undefined}>
      {z.local ? t('sessions.timeIn', { time: z.primary, zone: z.zone }) : z.primary}
    </span>
  );
}
