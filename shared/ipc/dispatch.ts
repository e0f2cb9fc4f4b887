// The main side of every invoke, whichever host carried it: an unknown channel or a payload that fails its
// schema is refused before any handler runs, and a handler's failure becomes data (IpcResult), never a
// thrown exception that a host would have to serialise. Hosts check the *sender* themselves before
// calling this (Electron: the frame's URL; browser host: the per-launch secret).

import type { AppError } from '../errors.js';
import { isAppError } from '../errors.js';
import type { InvokeChannel, InvokeHandlers, InvokeResponse, IpcResult } from './contract.js';
import { invokeSchemas } from './schemas.js';

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(invokeSchemas, value);
}

/** Anything a handler throws that is not already an AppError (or carries one) is an internal error. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return pickAppError(error);
  if (typeof error === 'object' && error !== null && 'toAppError' in error) {
    const converter = (error as { toAppError: unknown }).toAppError;
    if (typeof converter === 'function') return pickAppError(converter.call(error) as AppError);
  }
  return {
    kind: 'internal',
    message: 'Something went wrong inside the app. Try again; if it persists, restart it.',
  };
}

// Copies only the known fields, so nothing else an error object carried (a request, a header) leaks out.
function pickAppError(e: AppError): AppError {
  const out: AppError = { kind: e.kind, message: e.message };
  if (e.code !== undefined) out.code = e.code;
  if (e.httpStatus !== undefined) out.httpStatus = e.httpStatus;
  if (e.resource !== undefined) out.resource = e.resource;
  if (e.field !== undefined) out.field = e.field;
  if (e.retryable !== undefined) out.retryable = e.retryable;
  if (e.outcomeUnknown !== undefined) out.outcomeUnknown = e.outcomeUnknown;
  if (typeof e.key === 'string') out.key = e.key;
  if (e.values !== undefined) out.values = pickValues(e.values);
  if (typeof e.problem === 'string') out.problem = e.problem;
  return out;
}

function pickValues(values: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

export async function dispatchInvoke(
  handlers: InvokeHandlers,
  channel: unknown,
  payload: unknown,
): Promise<IpcResult<InvokeResponse<InvokeChannel>>> {
  if (!isInvokeChannel(channel)) {
    return {
      ok: false,
      error: { kind: 'validation', message: 'Unknown request.', key: 'error.app.unknownRequest' },
    };
  }
  const parsed = invokeSchemas[channel].safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    const error: AppError = {
      kind: 'validation',
      ...(field ? { key: 'error.app.invalidField', values: { field } } : {}),
      message: field
        ? `Invalid ${field}: ${issue?.message ?? 'not accepted'}.`
        : 'The request was not valid.',
    };
    if (field) error.field = field;
    return { ok: false, error };
  }
  try {
    const handler = handlers[channel] as (p: unknown) => Promise<InvokeResponse<InvokeChannel>>;
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}
