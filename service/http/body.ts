// Reading request bodies without trusting them: a size cap enforced both by Content-Length and while
// streaming, and the content types the service accepts for XML.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './responses.js';

/** Request bodies above this are refused with 413 (the spec shows no limit; real bodies are a few KB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is larger than the ${limit} bytes allowed`, {
    Connection: 'close',
  });
}

/**
 * The body as UTF-8 text; 413 as soon as it grows past `limit` (the rest is not buffered), 400 when it is
 * not valid UTF-8: a replacement character stored in place of what was sent would be silent data loss.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer): void => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (done) return;
      done = true;
      try {
        resolve(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
      } catch {
        reject(new HttpError(400, 'The request body is not valid UTF-8.'));
      }
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

const XML_MEDIA_TYPES = new Set(['application/xml', 'text/xml']);

/** POST and PUT carry XML: application/xml or text/xml, any charset parameter that is UTF-8 or none. */
export function requireXmlContentType(req: IncomingMessage): void {
  const header = req.headers['content-type'];
  const [type = '', ...params] = (header ?? '').split(';').map((p) => p.trim().toLowerCase());
  if (!XML_MEDIA_TYPES.has(type)) {
    throw new HttpError(415, 'Send the body as XML with Content-Type: application/xml');
  }
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new HttpError(415, 'Only UTF-8 XML bodies are accepted');
  }
}
