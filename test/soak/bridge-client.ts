// The renderer's side of the browser host's HTTP bridge (renderer/bridge/http-bridge.ts), spoken from Node:
// the launch URL is traded for the session cookie, invokes are POSTs to /ipc/<channel> from the host's own
// origin, events arrive on one server-sent stream on /events, reopened with ?since= as the bridge reopens
// a lost one. What the technician sees is folded from those events, as the renderer folds them.
//
// An invoke whose answer never came (connection refused, reset, the host killed) is `lost`: the
// technician cannot know whether it happened, and the soak's ledger says so.
import http from 'node:http';
import type { AppSnapshot, DataChange, FolderNode, IpcResult } from '../../shared/ipc/contract.js';
import { snapshotToChanges } from '../../shared/ipc/snapshot.js';
import type { OutboxState } from '../../shared/outbox.js';

export type InvokeOutcome<T> = IpcResult<T> | { lost: string };

export interface SeenSession {
  id: string;
  customer: string | null;
  state: string;
}

/** The technician's view: what the host's events said, folded as the renderer folds them. */
export class SeenPicture {
  folders = new Map<string, FolderNode>();
  sessions = new Map<string, SeenSession>();
  devices = new Map<string, { folderId: string | null; alias: string }>();
  outbox: OutboxState | null = null;
  connection: string | null = null;
  /** Changes carrying the status history's since rows (its recording of polls). */
  sinceParts = 0;

  apply(change: DataChange): void {
    const put = (records: unknown[]) => {
      for (const r of records as Array<Record<string, unknown>>) {
        const id = String(r.id);
        if (change.dataset === 'folders') this.folders.set(id, r as unknown as FolderNode);
        else if (change.dataset === 'sessions')
          this.sessions.set(id, { id, customer: (r.customer as string) ?? null, state: String(r.state) });
        else if (change.dataset === 'devices')
          this.devices.set(id, {
            folderId: (r.folderId as string) ?? null,
            alias: (r.alias as string) ?? '',
          });
      }
    };
    const map =
      change.dataset === 'folders'
        ? this.folders
        : change.dataset === 'sessions'
          ? this.sessions
          : change.dataset === 'devices'
            ? this.devices
            : null;
    if (!map) return;
    if (change.reset) map.clear();
    put(change.added);
    put(change.changed);
    for (const id of change.removed) map.delete(id);
  }
}

export class BridgeClient {
  readonly #origin: string;
  readonly #cookie: string;
  #stream: http.ClientRequest | null = null;
  #lastEventId: string | null = null;
  #closed = false;
  /** Changes that came while the snapshot was being loaded. */
  #held: DataChange[] | null = null;
  readonly picture = new SeenPicture();
  /** Streams opened (the first, then each reopen). */
  streamsOpened = 0;
  /** Streams that ended while still the current one (the host went away, or cut it). */
  streamLost = 0;

  private constructor(origin: string, cookie: string) {
    this.#origin = origin;
    this.#cookie = cookie;
  }

  /** Opens the launch URL as a browser would, keeps the cookie, and attaches the event stream. */
  static async connect(launchUrl: string, origin: string): Promise<BridgeClient> {
    const answer = await request(launchUrl, { method: 'GET' }, null, 10_000);
    const setCookie = answer.headers['set-cookie']?.[0];
    if (answer.status !== 303 || !setCookie) throw new Error(`the launch URL answered ${answer.status}`);
    const client = new BridgeClient(origin, setCookie.split(';')[0] as string);
    await client.openStream();
    await client.#loadSnapshot();
    return client;
  }

  /**
   * As the renderer starts: the snapshot, with the events that come meanwhile held and applied on top of
   * it (the devices beyond its first part follow as such events).
   */
  async #loadSnapshot(): Promise<void> {
    this.#held = [];
    try {
      const snap = await this.invoke<AppSnapshot>('app:snapshot', {}, 30_000);
      if ('lost' in snap || !snap.ok) throw new Error(`app:snapshot failed: ${JSON.stringify(snap)}`);
      for (const change of snapshotToChanges(snap.value)) this.picture.apply(change);
      this.picture.connection = snap.value.sync.connection;
      for (const change of this.#held) this.picture.apply(change);
    } finally {
      this.#held = null;
    }
  }

  /** Resolves once the stream is attached (its `retry:` line came), as the bridge waits before invoking. */
  openStream(): Promise<void> {
    this.#stream?.destroy();
    const since = this.#lastEventId === null ? '' : `?since=${encodeURIComponent(this.#lastEventId)}`;
    return new Promise((resolve, reject) => {
      // Its own connection: the global agent's idle timeout (5 s) would cut a stream between heartbeats.
      const options = { headers: { Cookie: this.#cookie }, agent: false } as const;
      const req = http.get(`${this.#origin}/events${since}`, options, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`/events answered ${res.statusCode}`));
          res.resume();
          return;
        }
        this.streamsOpened += 1;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (text: string) => {
          buffer += text;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('retry:')) resolve();
            else this.#event(block);
          }
        });
        res.on('error', () => undefined);
        res.on('close', () => {
          if (this.#stream !== req || this.#closed) return;
          // As the bridge does: a lost stream is reopened (?since=), and the host answers with a resync.
          this.streamLost += 1;
          setTimeout(() => {
            if (this.#stream === req && !this.#closed) this.openStream().catch(() => undefined);
          }, 1000);
        });
      });
      req.on('error', reject);
      this.#stream = req;
    });
  }

  /** The renderer reloads (or its stream is cut): the stream goes, and comes back asking for a resync. */
  async reloadStream(): Promise<void> {
    this.#stream?.destroy();
    this.#stream = null;
    await this.openStream();
  }

  close(): void {
    this.#closed = true;
    this.#stream?.destroy();
    this.#stream = null;
  }

  #event(block: string): void {
    let name = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) this.#lastEventId = line.slice(4);
      else if (line.startsWith('event: ')) name = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (!name || !data) return;
    const payload = JSON.parse(data) as unknown;
    if (name === 'data:change') {
      if ((payload as DataChange).since) this.picture.sinceParts += 1;
      if (this.#held) this.#held.push(payload as DataChange);
      else this.picture.apply(payload as DataChange);
    } else if (name === 'outbox:state') this.picture.outbox = payload as OutboxState;
    else if (name === 'sync:state') this.picture.connection = (payload as { connection: string }).connection;
  }

  /** One invoke as the bridge makes it; never retried (most channels change data on the service). */
  async invoke<T>(channel: string, payload: unknown, timeoutMs = 60_000): Promise<InvokeOutcome<T>> {
    try {
      const answer = await request(
        `${this.#origin}/ipc/${encodeURIComponent(channel)}`,
        {
          method: 'POST',
          headers: { Cookie: this.#cookie, Origin: this.#origin, 'Content-Type': 'application/json' },
        },
        JSON.stringify(payload),
        timeoutMs,
      );
      const body = JSON.parse(answer.body) as IpcResult<T>;
      if (typeof body !== 'object' || body === null || typeof body.ok !== 'boolean')
        return { lost: `HTTP ${answer.status} without a result` };
      return body;
    } catch (error) {
      return { lost: (error as Error).message };
    }
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(url: string, options: http.RequestOptions, body: string | null, timeoutMs: number) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
