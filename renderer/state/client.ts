// The renderer's one way to call the main process: a typed proxy per service (shared/ipc/services.ts),
// `client.devices.setAlias({ id, alias })`, built once around the Bridge; components and stores get the
// client, never the bridge. The main side validates every payload and decides every refusal (the write
// gate included); what comes back is data or an AppError, never a thrown exception. A long call takes an
// AbortSignal: aborting answers it at once with a 'cancelled' error and asks the main side to stop.

import type { AppError } from '../../shared/errors.js';
import type {
  Bridge,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  IpcResult,
} from '../../shared/ipc/contract.js';
import type { CallOptions, Client, ServiceName } from '../../shared/ipc/services.js';
import { CANCELLED, channelOf, SERVICES } from '../../shared/ipc/services.js';

const BRIDGE_FAILED: AppError = {
  kind: 'internal',
  message: 'The console lost contact with its main process. Restart the app if this persists.',
  key: 'error.app.mainLost',
};

/** One call by its channel name: what the client's methods send through. */
export type Call = <C extends InvokeChannel>(
  channel: C,
  payload: InvokeRequest<C>,
) => Promise<IpcResult<InvokeResponse<C>>>;

export function createClient(bridge: Bridge): { client: Client; call: Call } {
  /** A rejected bridge promise (the main process gone) becomes an AppError too. */
  const call: Call = async (channel, payload) => {
    try {
      return await bridge.invoke(channel, payload);
    } catch {
      return { ok: false, error: BRIDGE_FAILED };
    }
  };

  function stoppable(
    channel: InvokeChannel,
    payload: object,
    signal: AbortSignal,
  ): Promise<IpcResult<unknown>> {
    if (signal.aborted) return Promise.resolve({ ok: false, error: CANCELLED });
    const callId = newCallId();
    return new Promise((resolve) => {
      const onAbort = () => {
        resolve({ ok: false, error: CANCELLED });
        void client.app.cancel({ callId });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void call(channel, { ...payload, callId } as never).then((result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      });
    });
  }

  function service(name: ServiceName): object {
    return new Proxy(
      {},
      {
        get(_target, method) {
          const channel = typeof method === 'string' ? channelOf(name, method) : null;
          if (!channel) return undefined;
          return (payload: object = {}, options?: CallOptions) =>
            options?.signal ? stoppable(channel, payload, options.signal) : call(channel, payload as never);
        },
      },
    );
  }

  const client = Object.fromEntries(
    (Object.keys(SERVICES) as ServiceName[]).map((name) => [name, service(name)]),
  ) as Client;
  return { client, call };
}

let counter = 0;

/** Unique within this renderer's main process: a random part (several windows) and a counter. */
function newCallId(): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().slice(0, 18)
      : Math.random().toString(36).slice(2, 14);
  return `${random}-${counter}`;
}
