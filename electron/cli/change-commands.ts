// Folder and session changes, through the core's write path as the console makes them (its checks: unique
// sibling names, no folder moved under itself, a non-empty folder not deleted, a finished session not
// edited), each answered by the service before the command ends (write-commands.ts withWrite).

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InvokeRequest } from '../../shared/ipc/contract.js';
import { LANGUAGES, type Id, type KnownLanguage, type SupportSession } from '../../shared/model.js';
import { parseGmtOffset } from '../../shared/time-offset.js';
import { invitationText, sessionIcs } from '../../renderer/domain/session-invitation.js';
import {
  localOffsetMinutes,
  offsetLabel,
  zonedInputToUtc,
  type UtcOffset,
} from '../../renderer/domain/time-zone.js';
import { CliExit, EXIT } from './exit-codes.js';
import type { OpenAccount } from './open-account.js';
import { renderJson, type Format } from './output.js';
import type { ReadContext } from './account-run.js';
import { requireFolder, withWrite } from './write-commands.js';

export async function foldersRename(ctx: ReadContext, id: Id, name: string): Promise<void> {
  await withWrite(ctx, ['folders'], async (account) => {
    requireFolder(account, id);
    await account.invoke('folders:rename', { id, name });
  });
}

export async function foldersMove(ctx: ReadContext, id: Id, parentId: Id | null): Promise<void> {
  await withWrite(ctx, ['folders'], async (account) => {
    requireFolder(account, id);
    if (parentId !== null) requireFolder(account, parentId);
    await account.invoke('folders:move', { id, parentId });
  });
}

export async function foldersDelete(ctx: ReadContext, id: Id): Promise<void> {
  await withWrite(ctx, ['folders', 'devices'], async (account) => {
    requireFolder(account, id);
    await account.invoke('folders:delete', { id });
  });
}

function requireSession(account: OpenAccount, id: Id): SupportSession {
  const session = account.core.state().data.sessions.find((s) => s.id === id);
  if (!session) throw new CliExit(EXIT.notFound, 'cli.session.notFound', { id });
  return session;
}

/** The account's wall clock (its GMT offset), as the Sessions screen enters and shows times; else this computer's. */
function accountOffset(account: OpenAccount): UtcOffset {
  const auth = account.core.state().auth;
  const user = auth.status === 'signed-in' || auth.status === 'reauth-required' ? auth.account.user : null;
  const own = user && account.core.state().data.users.find((u) => u.id === user.id);
  const offset = parseGmtOffset(own?.timeZone ?? user?.timeZone);
  if (offset) return offset;
  const minutes = localOffsetMinutes(new Date());
  return { minutes, label: offsetLabel(minutes) };
}

/**
 * "2026-12-01T09:30" on the account's wall clock (as the app's form), or an instant with its zone
 * ("2026-12-01T08:30Z", "…+01:00"). Returned as the service's UTC form.
 */
export function parseWhen(value: string, offset: UtcOffset, option: string): string {
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(value.trim());
  const utc = zoned
    ? (() => {
        const ms = Date.parse(value);
        return Number.isNaN(ms) ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
      })()
    : zonedInputToUtc(value.trim(), offset);
  if (!utc) {
    throw new CliExit(EXIT.usage, 'cli.session.badTime', { option, offset: offset.label, value });
  }
  return utc;
}

function language(value: string | undefined): KnownLanguage | undefined {
  if (value === undefined) return undefined;
  if ((LANGUAGES as readonly string[]).includes(value)) return value as KnownLanguage;
  throw new CliExit(EXIT.usage, 'cli.option.oneOf', {
    option: '--language',
    allowed: LANGUAGES.join(', '),
    value,
  });
}

export interface SessionOptions {
  customer?: string;
  email?: string;
  language?: string;
  start?: string;
  end?: string;
  noEnd?: boolean;
  ics?: string;
}

async function share(
  session: SupportSession,
  offset: UtcOffset,
  o: SessionOptions,
  ctx: ReadContext,
  format: Format,
) {
  const invitation = invitationText(session, offset);
  if (o.ics) {
    const ics = sessionIcs(session, offset);
    if (!ics.ok) throw new CliExit(EXIT.usage, 'cli.session.noCalendar', { reason: ics.error });
    await writeFile(path.resolve(ctx.io.cwd, o.ics), ics.ics);
  }
  ctx.out.write(
    format === 'json'
      ? renderJson({ id: session.id, code: session.code, invitation, session })
      : `${session.code ?? ''}\n\n${invitation}\n`,
  );
}

export async function sessionsCreate(ctx: ReadContext, o: SessionOptions, format: Format): Promise<void> {
  if (!o.customer) throw new CliExit(EXIT.usage, 'cli.session.customerNeeded');
  const lang = language(o.language) ?? 'en';
  let offset: UtcOffset | null = null;
  const created = await withWrite(ctx, ['sessions'], async (account) => {
    offset = accountOffset(account);
    const request: InvokeRequest<'sessions:create'> = { customer: o.customer!, language: lang };
    if (o.email) request.customerMail = o.email;
    if (o.start) request.plannedInitTime = parseWhen(o.start, offset, '--start');
    if (o.end) request.plannedEndTime = parseWhen(o.end, offset, '--end');
    const { id } = await account.invoke('sessions:create', request);
    return requireSession(account, id);
  });
  await share(created, offset!, o, ctx, format);
}

export async function sessionsEdit(
  ctx: ReadContext,
  id: Id,
  o: SessionOptions,
  format: Format,
): Promise<void> {
  if (o.end !== undefined && o.noEnd) throw new CliExit(EXIT.usage, 'cli.session.endOrNoEnd');
  let offset: UtcOffset | null = null;
  const edited = await withWrite(ctx, ['sessions'], async (account) => {
    requireSession(account, id);
    offset = accountOffset(account);
    const update: InvokeRequest<'sessions:update'> = { id };
    if (o.customer !== undefined) update.customer = o.customer;
    if (o.email !== undefined) update.customerMail = o.email;
    const lang = language(o.language);
    if (lang) update.language = lang;
    if (o.start !== undefined) update.plannedInitTime = parseWhen(o.start, offset, '--start');
    if (o.end !== undefined) update.plannedEndTime = parseWhen(o.end, offset, '--end');
    if (o.noEnd) update.plannedEndTime = null;
    if (Object.keys(update).length === 1) throw new CliExit(EXIT.usage, 'cli.session.nothingToChange');
    await account.invoke('sessions:update', update);
    return requireSession(account, id);
  });
  await share(edited, offset!, o, ctx, format);
}

export async function sessionsDelete(ctx: ReadContext, id: Id): Promise<void> {
  await withWrite(ctx, ['sessions'], async (account) => {
    requireSession(account, id);
    await account.invoke('sessions:delete', { id });
  });
}
