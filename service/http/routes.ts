// The paths of spec §4, both forms, each ending in `.format`. Matching gives the operation and its ids;
// a known path with another method is a 405, an unknown path a 404, a format other than xml a 406.

export type Operation =
  | 'folders.list'
  | 'folders.create'
  | 'folders.show'
  | 'folders.update'
  | 'folders.destroy'
  | 'devices.list'
  | 'devices.show'
  | 'devices.update'
  | 'sessions.list'
  | 'sessions.create'
  | 'sessions.show'
  | 'sessions.update'
  | 'sessions.destroy'
  | 'users.list'
  | 'users.show'
  | 'users.current';

export interface RouteParams {
  id?: string;
  /** The parent folder of the nested folder paths. */
  parentId?: string;
  /** The folder of the nested device paths. */
  folderId?: string;
}

interface RouteDef {
  pattern: string[];
  methods: Partial<Record<string, Operation>>;
}

// Order matters only for users/current, which must win over users/:id.
const ROUTES: RouteDef[] = [
  { pattern: ['folders'], methods: { GET: 'folders.list', POST: 'folders.create' } },
  {
    pattern: ['folders', ':id'],
    methods: { GET: 'folders.show', PUT: 'folders.update', DELETE: 'folders.destroy' },
  },
  { pattern: ['folders', ':parentId', 'folders'], methods: { GET: 'folders.list', POST: 'folders.create' } },
  { pattern: ['folders', ':parentId', 'folders', ':id'], methods: { PUT: 'folders.update' } },
  { pattern: ['folders', ':folderId', 'devices'], methods: { GET: 'devices.list' } },
  { pattern: ['folders', ':folderId', 'devices', ':id'], methods: { PUT: 'devices.update' } },
  { pattern: ['devices'], methods: { GET: 'devices.list' } },
  { pattern: ['devices', ':id'], methods: { GET: 'devices.show', PUT: 'devices.update' } },
  { pattern: ['support_sessions'], methods: { GET: 'sessions.list', POST: 'sessions.create' } },
  {
    pattern: ['support_sessions', ':id'],
    methods: { GET: 'sessions.show', PUT: 'sessions.update', DELETE: 'sessions.destroy' },
  },
  { pattern: ['users'], methods: { GET: 'users.list' } },
  { pattern: ['users', 'current'], methods: { GET: 'users.current' } },
  { pattern: ['users', ':id'], methods: { GET: 'users.show' } },
];

export type RouteMatch =
  | { kind: 'matched'; operation: Operation; params: RouteParams; format: string | null }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

function splitFormat(last: string): [string, string | null] {
  const dot = last.lastIndexOf('.');
  return dot <= 0 ? [last, null] : [last.slice(0, dot), last.slice(dot + 1).toLowerCase()];
}

export function matchRoute(method: string, pathname: string): RouteMatch {
  const raw = pathname.split('/').filter((s) => s !== '');
  if (raw.length === 0) return { kind: 'not-found' };
  let segments: string[];
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    return { kind: 'not-found' };
  }
  const [name, format] = splitFormat(segments[segments.length - 1] as string);
  segments[segments.length - 1] = name;
  for (const route of ROUTES) {
    if (route.pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (part.startsWith(':')) {
        if (segment === '') return false;
        params[part.slice(1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (!fits) continue;
    const operation = route.methods[method];
    if (!operation) return { kind: 'method-not-allowed', allow: Object.keys(route.methods) };
    return { kind: 'matched', operation, params, format };
  }
  return { kind: 'not-found' };
}
