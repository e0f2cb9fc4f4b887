// The main side of every invoke, whichever host carried it: an unknown channel or a payload that fails its
// schema is refused before any handler runs, and a handler's failure becomes data (IpcResult), never a
// thrown exception that a host would have to serialise. Hosts check the *sender* themselves before
// calling this (Electron: the frame's URL; browser host: the per-launch secret).

import type { AppError } from '../errors.js';
import { toAppError } from '../errors.js';
import type { InvokeChannel, InvokeHandlers, InvokeResponse, IpcResult } from './contract.js';
import type * as SchemasModule from './schemas.js';

type Schemas = typeof SchemasModule;
let schemas: Promise<Schemas> | null = null;

/**
 * zod and the request schemas, loaded on first use: building them is ~30 ms of a cold start, which the
 * browser host spends before its first request arrives (it calls this once it listens) instead of before
 * it listens. Electron's main loads them at start anyway (ipc-main.ts names the channels).
 */
export function loadInvokeSchemas(): Promise<Schemas> {
  return (schemas ??= import('./schemas.js'));
}

function isInvokeChannel(table: Schemas['invokeTable'], value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(table, value);
}

export async function dispatchInvoke(
  handlers: InvokeHandlers,
  channel: unknown,
  payload: unknown,
): Promise<IpcResult<InvokeResponse<InvokeChannel>>> {
  const { invokeTable } = await loadInvokeSchemas();
  if (!isInvokeChannel(invokeTable, channel)) {
    return {
      ok: false,
      error: { kind: 'validation', message: 'Unknown request.', key: 'error.app.unknownRequest' },
    };
  }
  let parsed: ReturnType<(typeof invokeTable)[InvokeChannel]['request']['safeParse']>;
  try {
    parsed = invokeTable[channel].request.safeParse(payload ?? {});
  } catch {
    // A schema that cannot even look at the payload (a check that overflowed on it) refuses it.
    return { ok: false, error: { kind: 'validation', message: 'The request was not valid.' } };
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Clipped: a key or value a sender made a megabyte long is not echoed back whole.
    const field = clip(issue?.path.map(String).join('.') ?? '', 100) || undefined;
    const why = clip(issue?.message ?? 'not accepted', 200);
    const error: AppError = {
      kind: 'validation',
      ...(field ? { key: 'error.app.invalidField', values: { field } } : {}),
      message: field ? `Invalid ${field}: ${why}.` : `The request was not valid: ${why}.`,
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

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
