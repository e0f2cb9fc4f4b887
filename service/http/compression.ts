// Large XML answers (the device list of a big account is tens of MB) are gzipped when the client accepts
// it, as a production server behind a reverse proxy would: a tenth of the bytes to move and buffer.
// Compression runs in libuv's thread pool; the last compressed body is kept, so the cached device list is
// compressed once per change, not once per request.
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves. */
export const COMPRESS_MIN_BYTES = 64 * 1024;

export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export class GzipCache {
  private last: { plain: Buffer; compressed: Promise<Buffer> } | null = null;

  compress(plain: Buffer): Promise<Buffer> {
    if (this.last?.plain === plain) return this.last.compressed;
    const compressed = gzipAsync(plain, { level: constants.Z_BEST_SPEED });
    this.last = { plain, compressed };
    compressed.catch(() => {
      if (this.last?.plain === plain) this.last = null;
    });
    return compressed;
  }
}
