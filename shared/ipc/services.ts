// The invoke channels seen as a few services (after VS Code's ProxyChannel: a service interface is the
// whole contract, one method per call). The channel table (schemas.ts) stays the one list of calls; a
// service is a set of channel prefixes, and a channel's method name follows from its name:
//   'devices:set-alias' in service devices  -> devices.setAlias
//   'bulk:start'        in service outbox   -> outbox.bulkStart   (a prefix other than the service's own
//                                                                   leads the method name)
// So a new call is its table entry (the method), its handler (the main side's service module must have
// it, or the compiler says so) and its caller (client.<service>.<method>(…) in the renderer).

import type { AppError } from '../errors.js';
import type { InvokeChannel, InvokeHandlers, InvokeRequest, InvokeResponse, IpcResult } from './contract.js';

/** Each service and the channel prefixes it answers; every prefix of the table belongs to one. */
export const SERVICES = {
  app: ['app', 'shell', 'window', 'updates'],
  auth: ['auth'],
  accounts: ['accounts'],
  sync: ['sync'],
  settings: ['settings', 'notifications'],
  devices: ['devices'],
  folders: ['folders'],
  sessions: ['sessions'],
  outbox: ['outbox', 'bulk'],
  status: ['history', 'watch'],
  views: ['views'],
} as const satisfies Record<string, readonly string[]>;

export type ServiceName = keyof typeof SERVICES;
type PrefixOf<S extends ServiceName> = (typeof SERVICES)[S][number];
type ChannelPrefix<C> = C extends `${infer P}:${string}` ? P : never;

/** A channel whose prefix no service claims fails to compile here. */
type Unclaimed = Exclude<ChannelPrefix<InvokeChannel>, PrefixOf<ServiceName>>;
const everyPrefixClaimed: [Unclaimed] extends [never] ? true : Unclaimed = true;
void everyPrefixClaimed;

/**
 * Channel names are kebab-case after the colon: the client finds a method's channel by spelling the method
 * in kebab-case (bulkUndoRecord → bulk:undo-record), so a channel spelled in camel case would compile and
 * never be reached. Such a channel fails to compile here.
 */
type NotKebab = {
  [C in InvokeChannel]: C extends `${string}:${infer M}` ? (M extends Lowercase<M> ? never : C) : C;
}[InvokeChannel];
const everyChannelKebab: [NotKebab] extends [never] ? true : NotKebab = true;
void everyChannelKebab;

export type ServiceChannel<S extends ServiceName> = Extract<InvokeChannel, `${PrefixOf<S>}:${string}`>;

/** What a main-side module implements for its services: one handler per channel, each one required. */
export type ServiceHandlers<S extends ServiceName> = Pick<InvokeHandlers, ServiceChannel<S>>;

type Camel<T extends string> = T extends `${infer H}-${infer R}` ? `${H}${Capitalize<Camel<R>>}` : T;
type MethodName<S extends ServiceName, C extends string> = C extends `${infer P}:${infer M}`
  ? P extends S
    ? Camel<M>
    : Camel<`${P}-${M}`>
  : never;

/**
 * Calls whose work can be stopped half-way: their request carries a `callId` (set by the client, never by
 * a caller) that `app:cancel` names.
 */
export type CancellableChannel = {
  [C in InvokeChannel]: 'callId' extends keyof InvokeRequest<C> ? C : never;
}[InvokeChannel];

export interface CallOptions {
  /** Aborting it answers the call at once with a 'cancelled' error and tells the main side to stop. */
  signal?: AbortSignal;
}

type WithoutCallId<T> = T extends unknown ? Omit<T, 'callId'> : never;
type CallArgs<C extends InvokeChannel> = C extends CancellableChannel
  ? Payload<WithoutCallId<InvokeRequest<C>>, [options?: CallOptions]>
  : Payload<InvokeRequest<C>, []>;
// A request with nothing required may be left out: client.app.snapshot().
type Payload<P, Rest extends unknown[]> =
  Record<never, never> extends P ? [payload?: P, ...Rest] : [payload: P, ...Rest];

/** The renderer's side of one service: a method per channel, answering data or an AppError. */
export type ServiceClient<S extends ServiceName> = {
  readonly [C in ServiceChannel<S> as MethodName<S, C>]: (
    ...args: CallArgs<C>
  ) => Promise<IpcResult<InvokeResponse<C>>>;
};

export type Client = { readonly [S in ServiceName]: ServiceClient<S> };

/**
 * Names the language itself asks an object for (`await` looks for then, JSON for toJSON): never methods,
 * so a proxy handed to them is not mistaken for a promise or sent as a call.
 */
export const NOT_METHODS: ReadonlySet<string> = new Set([
  'then',
  'catch',
  'finally',
  'constructor',
  'toJSON',
  'toString',
  'valueOf',
]);

/**
 * The channel a service's method calls (the inverse of MethodName), or null for a name that cannot be a
 * method. A well-formed name the table lacks still maps: the main side refuses it as an unknown request.
 */
export function channelOf(service: ServiceName, method: string): InvokeChannel | null {
  if (!/^[a-z][a-zA-Z]*$/.test(method) || NOT_METHODS.has(method)) return null;
  const kebab = method.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  for (const prefix of SERVICES[service] as readonly string[]) {
    if (prefix !== service && kebab.startsWith(`${prefix}-`))
      return `${prefix}:${kebab.slice(prefix.length + 1)}` as InvokeChannel;
  }
  return (SERVICES[service] as readonly string[]).includes(service)
    ? (`${service}:${kebab}` as InvokeChannel)
    : null;
}

export const CANCELLED: AppError = { kind: 'cancelled', message: 'The request was cancelled.' };
