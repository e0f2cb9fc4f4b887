// Serves the built renderer (dist/renderer) from disk. Only files under the root are reachable: the request
// path is decoded, normalised and checked to stay inside it, so `/../` or an encoded `%2e%2e` cannot reach
// the rest of the disk.

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Files read ahead, by absolute path. */
export type PreloadedFiles = ReadonlyMap<string, StaticFile>;

/**
 * The page and the code it loads first (index.html and assets/, source maps left on disk), read before the
 * host listens. A page opened at start asks for them while the core reads its copy on the same thread:
 * read from disk then, each file waited its turns behind that work (a 500 kB script took 50-270 ms to
 * arrive over loopback, measured from the bench's restart on its offline copy); from memory it goes out
 * in one. It also makes the files served one build's, whatever a rebuild writes meanwhile.
 */
export async function preloadStaticFiles(root: string): Promise<PreloadedFiles> {
  const absoluteRoot = path.resolve(root);
  const assets = await readdir(path.join(absoluteRoot, 'assets')).catch(() => [] as string[]);
  const files = [
    path.join(absoluteRoot, 'index.html'),
    ...assets.filter((name) => !name.endsWith('.map')).map((name) => path.join(absoluteRoot, 'assets', name)),
  ];
  const read = await Promise.all(
    files.map(async (file): Promise<[string, StaticFile] | null> => {
      try {
        return [file, { body: await readFile(file), contentType: contentTypeFor(file) }];
      } catch {
        return null;
      }
    }),
  );
  return new Map(read.filter((entry) => entry !== null));
}

/** The file for a URL path, or null when there is none (or the path tries to leave the root). */
export async function readStaticFile(
  root: string,
  urlPath: string,
  preloaded?: PreloadedFiles,
): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const absoluteRoot = path.resolve(root);
  const file = path.resolve(absoluteRoot, relative);
  if (file !== absoluteRoot && !file.startsWith(absoluteRoot + path.sep)) return null;
  const ahead = preloaded?.get(file);
  if (ahead) return ahead;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { body: await readFile(file), contentType: contentTypeFor(file) };
  } catch {
    return null;
  }
}
