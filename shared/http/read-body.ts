// Reads a response body as UTF-8 text, refusing it once it passes a limit. `response.text()` would hold
// whatever a broken or hostile server (or anything in the middle on plain http) sends, decompressed, in
// memory before any size check could run.

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The answer is larger than the ${limitBytes} bytes allowed.`);
    this.name = 'BodyTooLargeError';
  }
}

/** The answer's bytes were not in a coding this client can undo, or were damaged in it: a malformed answer. */
export class ContentCodingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentCodingError';
  }
}

export async function readBodyLimited(response: Response, limitBytes: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  await readBodyInto(response, limitBytes, (chunk) => parts.push(decoder.decode(chunk, { stream: true })));
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * Hands each chunk of the body to `take` as it arrives, refusing the body (BodyTooLargeError) once it
 * passes the limit. No chunk is kept here: readBodyLimited decodes each as it comes, and the devices poll
 * hashes it and copies it into a buffer of its own.
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
