// Makes the signed service client of an account: the ports' client. (The devices poll runs off the main
// thread through the DevicesFeed the core owns, with requests this client signs: devices-poller.ts.)

import type { OAuthCredentials, ServiceApi } from '../../shared/client/api.js';
import type { Clock } from './clock.js';
import { defaultServicePorts } from './default-ports.js';
import type { ServicePorts, TokenFlow } from './service-ports.js';
import type { StoredCredentials } from './vault.js';

export class ServiceConnector {
  readonly #ports: ServicePorts;
  readonly #fetch: typeof fetch | undefined;

  constructor(
    options: {
      /** Token flow and service client; default: the real ones, signing with `clock`'s time. */
      services?: ServicePorts;
      fetch?: typeof fetch;
    },
    clock: Clock,
  ) {
    this.#fetch = options.fetch;
    this.#ports =
      options.services ??
      defaultServicePorts({ now: () => clock.now(), ...(this.#fetch ? { fetch: this.#fetch } : {}) });
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
    return this.#ports.createClient({
      baseUrl,
      credentials: oauth,
      ...(this.#fetch ? { fetch: this.#fetch } : {}),
    });
  }

  /** An injected fetch (tests) that a worker could not use. */
  get customFetch(): boolean {
    return this.#fetch !== undefined;
  }
}
