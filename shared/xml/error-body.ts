// Error bodies. The spec does not show their format (§7), so the encoder writes one plausible Rails-era
// shape and the decoder accepts every shape a server of that era plausibly sends.

import { XmlError } from './xml-error.js';
import {
  attribute,
  child,
  childNames,
  collection,
  isObject,
  leaf,
  parseDocument,
  type XmlNode,
} from './read.js';
import { container, document, element } from './write.js';

export interface ErrorBodyInput {
  code?: number | string;
  message: string;
}

export interface DecodedErrorBody {
  /** The service's numeric code (spec §7). */
  code?: number;
  /** An OAuth problem (`oauth_problem`), e.g. 'timestamp_refused'. */
  problem?: string;
  /** Human text the service sent. */
  message?: string;
}

/** `<?xml…?><errors><error><code>1101</code><message>…</message></error></errors>` */
export function encodeErrorBody(error: ErrorBodyInput): string {
  const code = error.code === undefined ? '' : element('code', String(error.code));
  return document(container('errors', container('error', code + element('message', error.message))));
}

/** Error bodies are small; anything bigger is not one. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Plain-text bodies longer than this are pages, not messages. */
const MAX_PLAIN_MESSAGE = 500;

function codeOf(text: string): number | undefined {
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

function leafText(node: XmlNode | undefined): string | undefined {
  const value = leaf(node);
  return value.kind === 'text' && value.text !== '' ? value.text : undefined;
}

/** One <error> element in any of its shapes. */
function readError(node: XmlNode): DecodedErrorBody {
  const out: DecodedErrorBody = {};
  if (isObject(node) && childNames(node).length > 0) {
    const code = leafText(child(node, 'code')) ?? attribute(node, 'code');
    const n = code === undefined ? undefined : codeOf(code.trim());
    if (n !== undefined) out.code = n;
    const message =
      leafText(child(node, 'message')) ??
      leafText(child(node, 'description')) ??
      leafText(child(node, 'text'));
    if (message !== undefined) out.message = message;
    return out;
  }
  // <error>1101</error>, <error code="1101">text</error>, <error>Name has already been taken</error>
  const text = leafText(node);
  const attrCode = attribute(node, 'code');
  const n = attrCode !== undefined ? codeOf(attrCode.trim()) : undefined;
  if (n !== undefined) out.code = n;
  if (text !== undefined) {
    const textCode = codeOf(text);
    if (textCode !== undefined && out.code === undefined) out.code = textCode;
    else if (textCode === undefined) out.message = text;
  }
  return out;
}

function merge(errors: DecodedErrorBody[]): DecodedErrorBody | null {
  const out: DecodedErrorBody = {};
  const messages: string[] = [];
  for (const e of errors) {
    if (out.code === undefined && e.code !== undefined) out.code = e.code;
    if (e.message !== undefined) messages.push(e.message);
  }
  // Rails lists every validation failure as its own <error>: the technician should see all of them.
  if (messages.length > 0) out.message = messages.join('; ');
  return out.code === undefined && out.message === undefined ? null : out;
}

function decodeForm(text: string): DecodedErrorBody | null {
  const form = new URLSearchParams(text);
  const problem = form.get('oauth_problem');
  if (!problem) return null;
  const out: DecodedErrorBody = { problem };
  const advice = form.get('oauth_problem_advice');
  if (advice) out.message = advice;
  return out;
}

/**
 * Reads an error body in any plausible shape; null when it says nothing usable (empty, an HTML page,
 * hostile XML). Never throws.
 */
export function decodeErrorBody(text: string): DecodedErrorBody | null {
  if (typeof text !== 'string') return null;
  const body = text.trim();
  if (body === '' || body.length > MAX_ERROR_BODY_BYTES) return null;
  if (body[0] !== '<') {
    if (/(^|&)oauth_problem=/.test(body)) return decodeForm(body);
    const code = codeOf(body);
    if (code !== undefined) return { code };
    return body.length <= MAX_PLAIN_MESSAGE && !body.includes('<') ? { message: body } : null;
  }
  try {
    const doc = parseDocument(body, MAX_ERROR_BODY_BYTES * 3, ['errors', 'error', 'hash']);
    if (doc.rootName === 'error') return merge([readError(doc.root)]);
    if (doc.rootName === 'hash') {
      // Rails' `render xml: { error: … }`
      const inner = isObject(doc.root) ? child(doc.root, 'error') : undefined;
      return inner === undefined ? null : merge([readError(inner)]);
    }
    // <errors><error>…</error>…</errors>, or <errors><code>…</code><message>…</message></errors>
    if (typeof doc.root === 'string') return merge([readError(doc.root)]);
    if (isObject(doc.root) && child(doc.root, 'error') === undefined && childNames(doc.root).length > 0) {
      return merge([readError(doc.root)]);
    }
    const errors = collection(doc.root, 'error') ?? [];
    return merge(errors.map(readError));
  } catch (error) {
    if (error instanceof XmlError) return null;
    throw error;
  }
}
