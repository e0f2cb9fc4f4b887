import { ServiceClient, type ServiceClientOptions } from '../../../shared/client/service-client.js';
import { AppFailure } from '../../../shared/errors.js';
import { CountingSigner, startTestServer, type Handler, type TestServer } from './test-server.js';

export interface Harness {
  server: TestServer;
  signer: CountingSigner;
  client: ServiceClient;
}

export async function startHarness(
  handler?: Handler,
  options: Partial<ServiceClientOptions> = {},
): Promise<Harness> {
  const server = await startTestServer(handler);
  const signer = new CountingSigner();
  const client = new ServiceClient({
    baseUrl: server.baseUrl,
    consumer: { key: 'consumer-key', secret: 'consumer-secret' },
    token: { token: 'access-token', secret: 'token-secret' },
    signer,
    retryBaseDelayMs: 1,
    ...options,
  });
  return { server, signer, client };
}

/** The AppFailure a call rejects with (fails the test if it resolves or rejects with anything else). */
export async function failure(call: Promise<unknown>): Promise<AppFailure> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
