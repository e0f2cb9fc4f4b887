// What the HTTP layer sends: a status, headers and a body. Errors always carry the XML error body
// `<errors><error><code>…</code><message>…</message></error></errors>` (the code only where spec §7 has one).
import { encodeErrorBody } from '../../shared/xml/index.js';

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** A string is sent as UTF-8; a Buffer as is (the cached device list). */
  body: string | Buffer;
}

export const XML_TYPE = 'application/xml; charset=utf-8';

/** A refusal raised by the HTTP layer itself (routing, content type, size). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: number,
  ) {
    super(message);
  }
}

export function xmlResponse(
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers: { 'Content-Type': XML_TYPE, ...headers }, body };
}

export function errorResponse(
  status: number,
  message: string,
  code?: number,
  headers: Record<string, string> = {},
): HttpResponse {
  return xmlResponse(status, encodeErrorBody(code === undefined ? { message } : { code, message }), headers);
}

/** 200 with no body: the answer to a successful update or destroy (Rails' `head :ok`). */
export function emptyOk(): HttpResponse {
  return { status: 200, headers: {}, body: '' };
}
