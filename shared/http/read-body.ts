// Reads a response body as UTF-8 text, refusing it once it passes a limit. `response.text()` would hold
// whatever a broken or hostile server (or anything in the middle on plain http) sends, decompressed, in
// memory before any size check could run.

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The answer is larger than the ${limitBytes} bytes allowed.`);
    this.name = 'BodyTooLargeError';
  }
}

export async function readBodyLimited(response: Response, limitBytes: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for (const chunk of await readBodyChunks(response, limitBytes))
    parts.push(decoder.decode(chunk, { stream: true }));
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * The body's bytes as they came, refused past the limit like readBodyLimited: for a caller that may not
 * need the text at all (the devices poll hashes the bytes and decodes only when they changed).
 */
export async function readBodyChunks(response: Response, limitBytes: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  await readBodyInto(response, limitBytes, (chunk) => chunks.push(chunk));
  return chunks;
}

/**
 * Hands each chunk of the body to `take` as it arrives, refused past the limit like readBodyLimited: for
 * a caller that keeps no chunk (the devices poll copies each into a buffer of its own and drops it).
 */
export async function readBodyInto(
  response: Response,
  limitBytes: number,
  take: (chunk: Uint8Array) => void,
): Promise<void> {
  const declared = Number(response.headers.get('content-length'));
  // Content-Length counts the encoded (possibly gzipped) bytes: a first, cheap refusal only.
  if (Number.isFinite(declared) && declared > limitBytes) {
    // Only frees the connection; the body is refused either way (the error thrown below says why).
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limitBytes);
  }
  if (!response.body) return;
  const reader = response.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      // As above: cancelling is courtesy to the connection, the refusal is the error thrown below.
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limitBytes);
    }
    take(value);
  }
}
