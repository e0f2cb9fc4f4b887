// Makes the signed service client of an account: the ports' client, with devices documents decoded in a
// worker thread (one for the app's lifetime, closed at quit) unless told otherwise.

import type { OAuthCredentials, ServiceApi } from '../../shared/client/api.js';
import type { Clock } from './clock.js';
import { defaultServicePorts } from './default-ports.js';
import type { DevicesDecoder } from './devices-decoder.js';
import { createDevicesDecoder } from './devices-decoder.js';
import type { Logger } from './logger.js';
import type { ServicePorts, TokenFlow } from './service-ports.js';
import type { StoredCredentials } from './vault.js';

export class ServiceConnector {
  readonly #ports: ServicePorts;
  readonly #fetch: typeof fetch | undefined;
  readonly #useWorker: boolean;
  readonly #log: Logger;
  #decoder: DevicesDecoder | null = null;

  constructor(
    options: {
      /** Token flow and service client; default: the real ones, signing with `clock`'s time. */
      services?: ServicePorts;
      fetch?: typeof fetch;
      /** Decode devices documents in a worker thread (default true). */
      decodeInWorker?: boolean;
    },
    clock: Clock,
    logger: Logger,
  ) {
    this.#fetch = options.fetch;
    this.#ports =
      options.services ??
      defaultServicePorts({ now: () => clock.now(), ...(this.#fetch ? { fetch: this.#fetch } : {}) });
    this.#useWorker = options.decodeInWorker ?? true;
    this.#log = logger;
  }

  get tokenFlow(): TokenFlow {
    return this.#ports.tokenFlow;
  }

  createClient(baseUrl: string, consumerKey: string, credentials: StoredCredentials): ServiceApi {
    const oauth: OAuthCredentials = {
      consumerKey,
      consumerSecret: credentials.consumerSecret,
      token: credentials.token,
      tokenSecret: credentials.tokenSecret,
    };
    if (this.#useWorker && !this.#decoder) this.#decoder = createDevicesDecoder({ logger: this.#log });
    const decoder = this.#decoder;
    return this.#ports.createClient({
      baseUrl,
      credentials: oauth,
      ...(this.#fetch ? { fetch: this.#fetch } : {}),
      ...(decoder ? { decodeDevices: (xml: string) => decoder.decode(xml) } : {}),
    });
  }

  async close(): Promise<void> {
    await this.#decoder?.close();
  }
}
