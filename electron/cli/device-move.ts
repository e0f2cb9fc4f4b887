// `devices move`: one device, a list of ids from stdin, or every device matching --where, moved to a folder
// (or unassigned) as the app's bulk change does it: the same plan (planBulk: what moves, what is already
// there, what is unknown), one outbox batch of one write per device, sent in order with progress. A run
// killed halfway leaves the rest in the account's outbox journal; the next command sends it.

import type { Device, Id } from '../../shared/model.js';
import type { OutboxState } from '../../shared/outbox.js';
import { errorSentence } from './errors.js';
import { planBulk, type BulkPlan } from '../core/outbox/bulk.js';
import { columnContext, queryDevices } from './device-listing.js';
import { CliExit, EXIT } from './exit-codes.js';
import type { CliText } from './cli-text.js';
import type { OpenAccount } from './open-account.js';
import { renderJson, type Format } from './output.js';
import { withAccount, type ReadContext } from './account-run.js';
import { requireFolder, withWrite } from './write-commands.js';

export interface MoveOptions {
  to?: string;
  unassign?: boolean;
  where?: string;
  dryRun?: boolean;
  yes?: boolean;
}

/** Ids one per line (or separated by spaces or commas), as `devices list --columns id` prints them. */
export function parseIds(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s && s.toLowerCase() !== 'id'); // a header line piped along
}

function destination(o: MoveOptions): Id | null {
  if (o.to !== undefined && o.unassign) throw new CliExit(EXIT.usage, 'cli.move.toOrUnassign');
  if (o.to === undefined && !o.unassign) throw new CliExit(EXIT.usage, 'cli.move.whereTo');
  return o.unassign ? null : o.to!;
}

interface Preview {
  folderId: Id | null;
  folder: string | null;
  move: Id[];
  unchanged: Id[];
  unknown: Id[];
}

async function plan(
  account: OpenAccount,
  ids: readonly Id[] | null,
  where: string | undefined,
  folderId: Id | null,
): Promise<Preview> {
  const snap = await account.core.snapshot();
  if (folderId !== null) requireFolder(account, folderId);
  let targets: readonly Id[];
  if (ids) targets = ids;
  else {
    const cc = columnContext(snap.data.folders, snap.sync.datasets.devices.fetchedAt, Date.now());
    targets = queryDevices(snap.data.devices, { where: where! }, cc).map((d) => d.id);
  }
  const byId = new Map<Id, Device>(snap.data.devices.map((d) => [d.id, d]));
  const p: BulkPlan = planBulk({ kind: 'move', ids: [...targets], folderId }, (id) => byId.get(id));
  return {
    folderId,
    folder: folderId === null ? null : (snap.data.folders.find((f) => f.id === folderId)?.name ?? null),
    move: p.writes.map((w) => (w.write as { id: Id }).id),
    unchanged: p.unchanged,
    unknown: p.unknown,
  };
}

function previewText(p: Preview, text: CliText): string {
  const n = p.move.length;
  const lines = [
    p.folderId === null
      ? text.say('cli.move.previewUnassign', { n })
      : text.say('cli.move.previewTo', { n, folder: p.folder ?? '', id: p.folderId }),
  ];
  if (p.unchanged.length) lines.push(text.say('cli.move.previewUnchanged', { n: p.unchanged.length }));
  return lines.join('\n') + '\n';
}

/** A batch with refused moves ends the command with the service's reason for the first (exit 5). */
function batchFailures(state: OutboxState, started: { batchId: string | null } | null): void {
  const batch = started?.batchId ? state.batches.find((b) => b.id === started.batchId) : undefined;
  if (!batch || batch.failed === 0) return;
  const first = batch.failures[0];
  const counts = { failed: batch.failed, total: batch.total };
  throw first
    ? new CliExit(EXIT.refused, 'cli.move.refusedDevice', {
        ...counts,
        id: first.itemId,
        reason: errorSentence(first.error),
      })
    : new CliExit(EXIT.refused, 'cli.move.refused', counts);
}

export async function devicesMove(
  ctx: ReadContext,
  args: readonly string[],
  o: MoveOptions,
  format: Format,
): Promise<void> {
  const folderId = destination(o);
  if (o.where !== undefined && args.length > 0) {
    throw new CliExit(EXIT.usage, 'cli.move.idsOrWhere');
  }
  if (o.where === undefined && args.length === 0) {
    throw new CliExit(EXIT.usage, 'cli.move.which');
  }
  const ids =
    o.where !== undefined
      ? null
      : args.length === 1 && args[0] === '-'
        ? parseIds(await ctx.io.readStdin())
        : [...args];
  if (ids && ids.length === 0) throw new CliExit(EXIT.usage, 'cli.move.noIds');

  const checked = async (account: OpenAccount) => {
    const p = await plan(account, ids, o.where, folderId);
    // A list naming a device the account does not have is refused whole: a typo must not move the rest.
    if (p.unknown.length) {
      throw new CliExit(EXIT.notFound, 'cli.move.unknownIds', { ids: p.unknown.slice(0, 5).join(', ') });
    }
    return p;
  };
  if (o.dryRun) {
    // A preview needs no service: it is read from the copy, like the app's before "Move".
    await withAccount(ctx, ['devices', 'folders'], async (account) => {
      const p = await checked(account);
      ctx.out.write(format === 'json' ? renderJson({ dryRun: true, ...p }) : previewText(p, ctx.text));
    });
    return;
  }
  let preview: Preview | null = null;
  const started = await withWrite(
    ctx,
    ['devices', 'folders'],
    async (account) => {
      const p = (preview = await checked(account));
      if (p.move.length === 0) return null;
      if (p.move.length > 1 && !o.yes) {
        ctx.io.err.write(previewText(p, ctx.text));
        if (!ctx.io.stdinIsTTY || (ids !== null && args[0] === '-')) {
          throw new CliExit(EXIT.usage, 'cli.move.needsYes', { n: p.move.length });
        }
        if (!(await ctx.io.confirm(ctx.text.say('cli.move.goAhead')))) {
          throw new CliExit(EXIT.usage, 'cli.move.nothingMoved');
        }
      }
      return account.invoke('bulk:start', { kind: 'move', ids: p.move, folderId });
    },
    batchFailures,
  );
  const p = preview as Preview | null;
  if (!p) return;
  const answer = {
    moved: started?.total ?? 0,
    unchanged: p.unchanged.length,
    batchId: started?.batchId ?? null,
  };
  ctx.out.write(
    format === 'json'
      ? renderJson(answer)
      : `${
          answer.unchanged
            ? ctx.text.say('cli.move.doneUnchanged', { n: answer.moved, unchanged: answer.unchanged })
            : ctx.text.say('cli.move.done', { n: answer.moved })
        }\n`,
  );
}
