// Runs the seeded fuzz sequence against a real service on loopback and checks every answer and the
// account after every request (oracle.ts). Used by the Vitest file (CI size) and by cli.ts (any size).
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { seededRandom } from '../../../service/domain/random.js';
import { fixedClock } from '../../../service/domain/clock.js';
import { folderNameKey } from '../../../service/domain/account-store.js';
import type { OAuthToken } from '../../../shared/oauth/types.js';
import { decodeDevices, decodeFolder, decodeFolders } from '../../../shared/xml/index.js';
import {
  ADMIN,
  USER_PASSWORD,
  signInWithPin,
  startTestService,
  type Harness,
} from '../support/service-harness.js';
import { RequestGenerator, type FuzzRequest } from './generate.js';
import { answerProblem, servedInvariantProblem, type Answer } from './oracle.js';

export interface FuzzOptions {
  seed: number;
  cases: number;
  /** Crawl the whole tree over HTTP every this many cases (and at the end). */
  crawlEvery?: number;
  onProgress?: (done: number) => void;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  statuses: Record<string, number>;
  folders: number;
  sessions: number;
  ms: number;
}

export class FuzzFailure extends Error {
  override readonly name = 'FuzzFailure';
}

interface Sent {
  method: string;
  path: string;
  headers: OutgoingHttpHeaders;
  body?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(baseUrl: string, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${sent.path}`,
      { method: sent.method, headers: sent.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            location: (res.headers.location as string | undefined) ?? null,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

/** The tree and the devices over HTTP, as a client sees them. */
async function crawlProblem(h: Harness, token: OAuthToken): Promise<string | null> {
  const get = async (path: string): Promise<string> => {
    const signed = h.signer.sign({ method: 'GET', url: `${h.service.baseUrl}${path}` }, h.consumer, token);
    const answer = await send(h.service.baseUrl, {
      method: 'GET',
      path: signed.url.slice(h.service.baseUrl.length),
      headers: signed.headers,
    });
    if (answer.status !== 200) throw new FuzzFailure(`crawl: GET ${path} answered ${answer.status}`);
    return answer.body;
  };
  const seen = new Set<string>();
  const deviceFolder = new Map<string, string>();
  const queue: Array<{ level: string | null; ids: string[] }> = [
    { level: null, ids: decodeFolders(await get('/folders.xml')).map((f) => f.id) },
  ];
  while (queue.length > 0) {
    const { level, ids } = queue.shift() as { level: string | null; ids: string[] };
    const names = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) return `crawl: folder ${id} reached twice (cycle or duplicate)`;
      seen.add(id);
      const folder = decodeFolder(await get(`/folders/${id}.xml`));
      if ((folder.parentId ?? null) !== level)
        return `crawl: folder ${id} under ${level} says parent ${folder.parentId}`;
      const key = folderNameKey(folder.name);
      if (names.has(key)) return `crawl: two folders served as "${folder.name}" under ${level ?? 'root'}`;
      names.add(key);
      for (const device of folder.devices ?? []) {
        const other = deviceFolder.get(device.id);
        if (other !== undefined) return `crawl: device ${device.id} served in folders ${other} and ${id}`;
        deviceFolder.set(device.id, id);
      }
      queue.push({ level: id, ids: (folder.folders ?? []).map((f) => f.id) });
    }
  }
  for (const device of decodeDevices(await get('/devices.xml'))) {
    if ((device.folderId ?? undefined) !== deviceFolder.get(device.id))
      return `crawl: device ${device.id} says folder ${device.folderId}, served in ${deviceFolder.get(device.id)}`;
  }
  return null;
}

function describe(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` body=${JSON.stringify(request.body.slice(0, 300))}`;
  return `${request.who} ${request.method} ${request.path}${request.contentType ? ` [${request.contentType}]` : ''}${body}`;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const h = await startTestService({ clock: fixedClock(Date.parse('2026-11-22T08:00:00Z')) });
  const statuses: Record<string, number> = {};
  try {
    const admin = await signInWithPin(h, ADMIN.email, ADMIN.password);
    const plainUser = h.service.store.listUsers().find((u) => u.role === 'user');
    if (!plainUser?.email) throw new Error('the generated account has no plain user');
    const user = await signInWithPin(h, plainUser.email, USER_PASSWORD);
    const generator = new RequestGenerator(seededRandom(options.seed));
    const base = h.service.baseUrl;
    let previous: { sent: Sent; request: FuzzRequest } | null = null;
    const crawlEvery = options.crawlEvery ?? 250;

    for (let index = 0; index < options.cases; index++) {
      let request = generator.next();
      const headers: OutgoingHttpHeaders = request.contentType ? { 'Content-Type': request.contentType } : {};
      let sent: Sent;
      if (request.who === 'replay' && previous) {
        sent = previous.sent;
        request = { ...previous.request, who: 'replay' };
      } else {
        const token = request.who === 'user' ? user : admin;
        const url = `${base}${request.path}`;
        let signedUrl = url;
        if (request.who !== 'unsigned' && request.who !== 'replay') {
          const signingToken =
            request.who === 'bad-signature' ? { ...token, secret: 'not-the-secret' } : token;
          try {
            const signed = h.signer.sign({ method: request.method, url }, h.consumer, signingToken);
            signedUrl = signed.url;
            const authorization = signed.headers.Authorization as string;
            headers.Authorization =
              request.who === 'double-authorization'
                ? index % 2 === 0
                  ? [authorization, 'OAuth oauth_consumer_key="x"']
                  : ['OAuth oauth_consumer_key="x"', authorization]
                : authorization;
          } catch {
            // A URL the signer refuses (not UTF-8): sent unsigned, as a broken client would.
            request = { ...request, who: 'unsigned' };
          }
        } else request = { ...request, who: 'unsigned' };
        sent = {
          method: request.method,
          path: signedUrl.slice(base.length),
          headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
        };
      }
      const answer = await send(base, sent);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const fail = (problem: string): never => {
        throw new FuzzFailure(
          `fuzz seed ${options.seed}, case ${index + 1}: ${problem}\n  request: ${describe(request)}\n` +
            `  answer: ${answer.status} ${JSON.stringify(answer.body.slice(0, 300))}\n` +
            `  replay: FUZZ_SEED=${options.seed} FUZZ_CASES=${index + 1} npx vitest run test/service/fuzz-service.test.ts`,
        );
      };
      const problem = answerProblem(request, answer, base) ?? servedInvariantProblem(h.service.store);
      if (problem) fail(problem);
      if ((index + 1) % crawlEvery === 0 || index + 1 === options.cases) {
        const crawled = await crawlProblem(h, admin);
        if (crawled) fail(crawled);
        options.onProgress?.(index + 1);
      }
      if (request.who === 'admin' || request.who === 'user') previous = { sent, request };
    }
    const summary = h.service.store.summary();
    return {
      seed: options.seed,
      cases: options.cases,
      statuses,
      folders: summary.folders,
      sessions: summary.sessions.total,
      ms: Date.now() - started,
    };
  } finally {
    await h.service.close();
  }
}
