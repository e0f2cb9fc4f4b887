// The folder tree, built once per change from the flat FolderNode[] the main process sends, with device
// counts per folder. Counts are given both ways: `direct` (devices whose folderId is this folder) and
// `total`/`online` INCLUDING every sub-folder, which is what the tree shows.

import type { FolderNode } from '../../shared/ipc/contract.js';
import type { Device, Id } from '../../shared/model.js';

export interface FolderCounts {
  direct: number;
  directOnline: number;
  /** Including sub-folders. */
  total: number;
  /** Online including sub-folders. */
  online: number;
}

export interface FolderTree {
  byId: ReadonlyMap<Id, FolderNode>;
  /** Children ids per parent, sorted by name; key null = root. */
  children: ReadonlyMap<Id | null, readonly Id[]>;
  counts: ReadonlyMap<Id, FolderCounts>;
  /** Devices in no folder (or in a folder id the tree does not know). */
  unassigned: { total: number; online: number };
  all: { total: number; online: number };
  /** The known parent of a folder; null: root (or a parent the tree does not know). */
  parentOf(id: Id): Id | null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Devices per folder id (null: none), with how many are online. */
export type DirectCounts = ReadonlyMap<Id | null, { total: number; online: number }>;

export function directCounts(devices: Iterable<Device>): DirectCounts {
  const out = new Map<Id | null, { total: number; online: number }>();
  for (const d of devices) {
    let c = out.get(d.folderId);
    if (!c) out.set(d.folderId, (c = { total: 0, online: 0 }));
    c.total++;
    if (d.status === 'online') c.online++;
  }
  return out;
}

/**
 * The tree with its counts. `devices` may be the per-folder counts the DeviceIndex keeps by delta, so a
 * poll does not walk 100,000 devices to count them again.
 */
export function buildFolderTree(
  folders: Iterable<FolderNode>,
  devices: Iterable<Device> | DirectCounts,
): FolderTree {
  const direct =
    devices instanceof Map ? (devices as DirectCounts) : directCounts(devices as Iterable<Device>);
  const byId = new Map<Id, FolderNode>();
  for (const f of folders) byId.set(f.id, f);

  const children = new Map<Id | null, Id[]>();
  children.set(null, []);
  for (const f of byId.values()) {
    // A parent we do not know (or a cycle's member pointing at itself) hangs under root rather than vanish.
    const parent = f.parentId !== null && byId.has(f.parentId) && f.parentId !== f.id ? f.parentId : null;
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(f.id);
  }
  for (const list of children.values()) {
    list.sort(
      (a, b) => collator.compare(byId.get(a)!.name, byId.get(b)!.name) || (a < b ? -1 : a > b ? 1 : 0),
    );
  }

  const counts = new Map<Id, FolderCounts>();
  for (const id of byId.keys()) counts.set(id, { direct: 0, directOnline: 0, total: 0, online: 0 });
  const unassigned = { total: 0, online: 0 };
  const all = { total: 0, online: 0 };
  for (const [folderId, n] of direct) {
    all.total += n.total;
    all.online += n.online;
    const c = folderId !== null ? counts.get(folderId) : undefined;
    if (!c) {
      unassigned.total += n.total;
      unassigned.online += n.online;
      continue;
    }
    c.direct += n.total;
    c.directOnline += n.online;
  }

  // Sum bottom-up over the reachable tree only (iterative post-order: deep trees must not blow the stack).
  const visited = new Set<Id>();
  const stack: Array<{ id: Id; expanded: boolean }> = (children.get(null) ?? []).map((id) => ({
    id,
    expanded: false,
  }));
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (!top.expanded) {
      top.expanded = true;
      visited.add(top.id);
      for (const child of children.get(top.id) ?? [])
        if (!visited.has(child)) stack.push({ id: child, expanded: false });
      continue;
    }
    stack.pop();
    const c = counts.get(top.id)!;
    c.total += c.direct;
    c.online += c.directOnline;
    const parent = byId.get(top.id)!.parentId;
    const pc = parent !== null && parent !== top.id ? counts.get(parent) : undefined;
    if (pc) {
      pc.total += c.total;
      pc.online += c.online;
    }
  }

  return {
    byId,
    children,
    counts,
    unassigned,
    all,
    parentOf(id) {
      const p = byId.get(id)?.parentId ?? null;
      return p !== null && byId.has(p) ? p : null;
    },
  };
}

/** The folder and every folder beneath it. */
export function descendantsAndSelf(tree: FolderTree, id: Id): Set<Id> {
  const out = new Set<Id>([id]);
  const queue = [id];
  while (queue.length) {
    for (const child of tree.children.get(queue.pop()!) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        queue.push(child);
      }
    }
  }
  return out;
}

/** How many devices and sub-folders stand in the way of deleting a folder (error 1103). */
export function folderContents(tree: FolderTree, id: Id): { devices: number; folders: number } {
  return { devices: tree.counts.get(id)?.direct ?? 0, folders: tree.children.get(id)?.length ?? 0 };
}

/** "Clients / Acme / Berlin": for the device table's folder column and move dialogs. */
export function folderPath(tree: FolderTree, id: Id): string {
  const names: string[] = [];
  let current: Id | null = id;
  const seen = new Set<Id>();
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const node = tree.byId.get(current);
    if (!node) break;
    names.unshift(node.name);
    current = tree.parentOf(current);
  }
  return names.join(' / ');
}

/** Whether moving `id` under `newParent` keeps the tree a tree. */
export function canMoveFolder(tree: FolderTree, id: Id, newParent: Id | null): boolean {
  if (newParent === null) return true;
  return !descendantsAndSelf(tree, id).has(newParent);
}
