// The status history (issue 11) and the outbox on the command line, answered by the core's own channels:
// a device's history is the app's CSV export of it (its columns and time rule: machine time in UTC and
// the display time in the named zone), "offline for 2 days" is the history's own query.

import type { Id } from '../../shared/model.js';
import { t } from '../../renderer/i18n/index.js';
import { selector } from './cli-text.js';
import { errorSentence } from './errors.js';
import { CliExit, EXIT } from './exit-codes.js';
import { renderJson, renderTable, type Format } from './output.js';
import { withAccount, type ReadContext } from './account-run.js';
import { withWrite } from './write-commands.js';

/** "2d", "36h", "90m", "1w": minutes. */
export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(m|min|h|d|w)\s*$/i.exec(text);
  if (!m) throw new CliExit(EXIT.usage, 'cli.duration.bad', { value: text });
  const unit = { m: 1, min: 1, h: 60, d: 1440, w: 10080 }[m[2]!.toLowerCase() as 'm'];
  return Math.round(Number(m[1]) * unit);
}

/** The computer's zone, as the app's export names it when the display follows this computer. */
function zone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function historyDevice(ctx: ReadContext, id: Id, days: string): Promise<void> {
  const n = Number(days);
  if (!Number.isInteger(n) || n < 1 || n > 366) {
    throw new CliExit(EXIT.usage, 'cli.days.bad', { value: days });
  }
  await withAccount(ctx, ['devices'], async (account, snap) => {
    if (!snap.data.devices.some((d) => d.id === id))
      throw new CliExit(EXIT.notFound, 'cli.device.notFound', { id });
    const { csv } = await account.invoke('history:export', {
      target: { kind: 'device', id },
      days: n,
      zone: zone(),
    });
    ctx.out.write(csv);
  });
}

export async function historyOffline(ctx: ReadContext, longer: string, format: Format): Promise<void> {
  const minutes = parseDuration(longer);
  await withAccount(ctx, ['devices', 'folders'], async (account, snap) => {
    const { ids, since } = await account.invoke('history:query', {
      status: 'offline',
      longerThanMinutes: minutes,
    });
    const byId = new Map(snap.data.devices.map((d) => [d.id, d]));
    const rows = ids
      .map((id) => ({
        id,
        name: byId.get(id)?.name ?? null,
        offlineSince: new Date(since[id]!).toISOString(),
      }))
      .sort((a, b) => a.offlineSince.localeCompare(b.offlineSince));
    if (format === 'json') return ctx.out.write(renderJson(rows));
    ctx.out.write(
      renderTable(
        ctx.text.headings('id', 'name', 'offlineSince'),
        rows.map((r) => [r.id, r.name ?? '', r.offlineSince]),
        ctx.out.columns,
      ),
    );
  });
}

export async function outboxList(ctx: ReadContext, format: Format): Promise<void> {
  await withAccount(ctx, [], async (account) => {
    const state = await account.invoke('outbox:state', {});
    if (format === 'json') return ctx.out.write(renderJson(state));
    const item = (w: { kind: string; id?: string; name?: string }) => w.id ?? w.name ?? '';
    const rows = [
      ...state.items.map((i) => [
        i.id,
        ctx.text.say('cli.outbox.state', { state: i.state }),
        ctx.text.say('cli.outbox.kind', { kind: selector(i.write.kind) }),
        item(i.write),
        i.queuedAt,
        i.error ? errorSentence(i.error) : '',
      ]),
      ...state.conflicts.map((c) => [
        c.entryId,
        ctx.text.say('cli.outbox.state', { state: 'conflict' }),
        ctx.text.say('cli.outbox.kind', { kind: selector(c.write.kind) }),
        item(c.write),
        '',
        t('outbox.state.conflict'),
      ]),
    ];
    const heads = ctx.text.headings('entry', 'state', 'kind', 'item', 'queued', 'error');
    ctx.out.write(renderTable(heads, rows, ctx.out.columns));
  });
}

export async function outboxCancel(ctx: ReadContext, entryId: string): Promise<void> {
  await withAccount(ctx, [], async (account) => {
    const { cancelled } = await account.invoke('outbox:cancel', { entryId });
    if (!cancelled) {
      throw new CliExit(EXIT.notFound, 'cli.outbox.notWaiting', { id: entryId });
    }
  });
}

/** Failed writes are sent again: each was refused, so nothing of it reached the service to be doubled. */
export async function outboxRetry(
  ctx: ReadContext,
  entryId: string | undefined,
  format: Format,
): Promise<void> {
  const { requeued } = await withWrite(ctx, [], (account) =>
    account.invoke('outbox:retry', entryId ? { entryId } : {}),
  );
  ctx.out.write(
    format === 'json'
      ? renderJson({ requeued })
      : `${ctx.text.say('cli.outbox.sentAgain', { n: requeued })}\n`,
  );
}
