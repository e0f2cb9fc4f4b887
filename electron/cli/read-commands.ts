// The read commands: each opens the account (openAccount), brings the copy up to date or says on stderr
// that it answers from the copy and how old that is, then writes its answer to stdout.

import type { DatasetName, FolderNode } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import { buildFolderTree, type FolderTree } from '../../renderer/domain/folder-tree.js';
import { t } from '../../renderer/i18n/index.js';
import {
  chooseColumns,
  columnContext,
  writeDevicesCsv,
  findDevice,
  queryDevices,
  type ListQuery,
} from './device-listing.js';
import { copyTime, withAccount, type ReadContext } from './account-run.js';
import { findView, loadViews, viewPredicate } from './view-commands.js';
import { cell, renderJson, renderTable, type Format } from './output.js';
import { selector } from './cli-text.js';
import { roleName, sessionStateName } from '../../renderer/domain/labels.js';

export { copyTime, type ReadContext } from './account-run.js';

const ALL: readonly DatasetName[] = ['devices', 'folders', 'sessions', 'users'];

/** Two columns, a field's name and its value, without a heading line. */
function fieldTable(rows: string[][], columns: number | null): string {
  return renderTable(['', ''], rows, columns).split('\n').slice(1).join('\n');
}

export async function status(ctx: ReadContext, format: Format): Promise<void> {
  await withAccount(
    ctx,
    ALL,
    async (account, snap) => {
      const outbox = await account.invoke('outbox:state', {});
      const auth = snap.auth;
      const user = auth.status === 'signed-in' || auth.status === 'reauth-required' ? auth.account : null;
      const at = copyTime(snap.sync);
      const answer = {
        account: user ? { service: user.baseUrl, user: user.user.email, userId: user.user.id } : null,
        signIn: auth.status,
        connection: snap.sync.connection,
        copyFetchedAt: at === null ? null : new Date(at).toISOString(),
        copyAgeSeconds: at === null ? null : Math.round((ctx.now() - at) / 1000),
        outboxPending: outbox.pending,
        dataDir: ctx.dataDir,
      };
      if (format === 'json') return ctx.out.write(renderJson(answer));
      const say = ctx.text.say.bind(ctx.text);
      const rows: string[][] = [
        [
          say('cli.status.account'),
          user
            ? say('cli.status.accountAt', { user: user.user.email ?? user.user.id, service: user.baseUrl })
            : '-',
        ],
        [say('cli.status.signIn'), say('cli.status.signInState', { state: selector(auth.status) })],
        [say('cli.status.connection'), say('cli.status.connectionState', { state: snap.sync.connection })],
        [
          say('cli.status.copy'),
          at === null
            ? say('cli.status.copyNone')
            : say('cli.status.copyAt', { at: new Date(at).toISOString(), age: ctx.text.age(ctx.now() - at) }),
        ],
        [say('cli.status.outbox'), say('cli.status.outboxWaiting', { n: outbox.pending })],
        [say('cli.status.data'), ctx.dataDir],
      ];
      ctx.out.write(fieldTable(rows, ctx.out.columns));
    },
    true,
  );
}

export async function devicesList(ctx: ReadContext, query: ListQuery, format: Format): Promise<void> {
  let columns = chooseColumns(query.columns); // a bad --columns is a usage error before any opening
  await withAccount(ctx, ['devices', 'folders'], async (account, snap) => {
    const cc = columnContext(snap.data.folders, snap.sync.datasets.devices.fetchedAt, ctx.now());
    let predicate;
    if (query.view !== undefined) {
      const view = findView(await loadViews(account), query.view);
      predicate = await viewPredicate(account, view, ctx.now());
      query = { ...query, sort: query.sort ?? `${view.sort.key}:${view.sort.direction}` };
      if (!query.columns && view.columns.length) {
        columns = chooseColumns(view.columns.map((c) => c.key).join(','));
      }
    }
    const rows = queryDevices(snap.data.devices, query, cc, predicate);
    if (format === 'json') return ctx.out.write(renderJson(rows));
    if (format === 'csv') return writeDevicesCsv(rows, columns, cc, 'en', ctx.out.write);
    const headers = columns.map((c) => t(c.label));
    ctx.out.write(
      renderTable(
        headers,
        rows.map((d) => columns.map((c) => c.text(d, cc))),
        ctx.out.columns,
      ),
    );
  });
}

export async function devicesShow(ctx: ReadContext, id: string, format: Format): Promise<void> {
  await withAccount(ctx, ['devices', 'folders'], async (_account, snap) => {
    const device = findDevice(snap.data.devices, id);
    if (format === 'json') return ctx.out.write(renderJson(device));
    const cc = columnContext(snap.data.folders, snap.sync.datasets.devices.fetchedAt, ctx.now());
    const rows = chooseColumns(
      'id,name,alias,status,os,ip,mac,folder,lastRefresh,cpu,ram,freeSpace,dateInstalled',
    ).map((c) => [t(c.label), c.text(device, cc)]);
    ctx.out.write(fieldTable(rows, ctx.out.columns));
  });
}

function treeLines(
  tree: FolderTree,
  parent: Id | null,
  depth: number,
  out: string[],
  text: ReadContext['text'],
): void {
  for (const id of tree.children.get(parent) ?? []) {
    const node = tree.byId.get(id)!;
    const devices = text.say('cli.folders.devices', { n: tree.counts.get(id)?.total ?? 0 });
    out.push(`${'  '.repeat(depth)}${node.name}  (${id}, ${devices})`);
    treeLines(tree, id, depth + 1, out, text);
  }
}

interface JsonFolder extends FolderNode {
  devices: number;
  folders: JsonFolder[];
}

function treeJson(tree: FolderTree, parent: Id | null): JsonFolder[] {
  return (tree.children.get(parent) ?? []).map((id) => ({
    ...tree.byId.get(id)!,
    devices: tree.counts.get(id)?.total ?? 0,
    folders: treeJson(tree, id),
  }));
}

export async function foldersTree(ctx: ReadContext, format: Format): Promise<void> {
  await withAccount(ctx, ['devices', 'folders'], async (_account, snap) => {
    const tree = buildFolderTree(snap.data.folders, snap.data.devices);
    if (format === 'json') return ctx.out.write(renderJson(treeJson(tree, null)));
    const lines: string[] = [];
    treeLines(tree, null, 0, lines, ctx.text);
    lines.push(
      `${t('folders.unassigned')}  (${ctx.text.say('cli.folders.devices', { n: tree.unassigned.total })})`,
    );
    ctx.out.write(lines.map(cell).join('\n') + '\n');
  });
}

export async function usersList(ctx: ReadContext, format: Format): Promise<void> {
  await withAccount(ctx, ['users'], async (_account, snap) => {
    const users = [...snap.data.users].sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
    if (format === 'json') return ctx.out.write(renderJson(users));
    const rows = users.map((u) => [
      u.id,
      [u.firstname, u.lastname].filter(Boolean).join(' '),
      u.email ?? '',
      u.role === null ? '' : roleName(u.role),
      u.lastLogin ?? '',
    ]);
    const heads = ctx.text.headings('id', 'name', 'email', 'role', 'lastLogin');
    ctx.out.write(renderTable(heads, rows, ctx.out.columns));
  });
}

export async function sessionsList(ctx: ReadContext, format: Format): Promise<void> {
  await withAccount(ctx, ['sessions'], async (_account, snap) => {
    const sessions = [...snap.data.sessions].sort((a, b) =>
      (a.plannedInitTime ?? '').localeCompare(b.plannedInitTime ?? ''),
    );
    if (format === 'json') return ctx.out.write(renderJson(sessions));
    const rows = sessions.map((s) => [
      s.id,
      s.code ?? '',
      s.state === null ? '' : sessionStateName(s.state),
      s.customer ?? '',
      s.plannedInitTime ?? '',
      s.userId ?? '',
    ]);
    const heads = ctx.text.headings('id', 'code', 'state', 'customer', 'planned', 'user');
    ctx.out.write(renderTable(heads, rows, ctx.out.columns));
  });
}
