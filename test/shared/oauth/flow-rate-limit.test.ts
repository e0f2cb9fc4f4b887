// A sign-in refused by the service's request-token limit (429) says how long to wait, in the technician's
// language: the Retry-After travels from the HTTP answer through the flow's error as data, not as English.
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { OAuthFlowError, requestToken } from '../../../shared/oauth/flow.js';
import { createRequestSigner } from '../../../shared/oauth/signer.js';
import { errorText } from '../../../shared/i18n/error-text.js';
import { sharedTranslator } from '../../../shared/i18n/catalogues/index.js';
import { startOAuthServer, type OAuthTestServer } from '../../service/support/oauth-harness.js';

const consumer = { key: 'console-key', secret: 'console-secret-value' };
const signer = createRequestSigner({ hmacSha1: nodeHmacSha1 });

let provider: OAuthTestServer;
beforeAll(async () => {
  provider = await startOAuthServer({
    consumers: [{ ...consumer, name: 'Support Console' }],
    clock: Date.now,
    authenticateUser: () => null,
    requestTokenLimit: { burst: 1, perMinute: 2 },
  });
});
afterAll(() => provider.close());

it('carries the Retry-After of a 429 into the sentence shown', async () => {
  await requestToken({ baseUrl: provider.baseUrl, consumer, signer });
  const refused = await requestToken({ baseUrl: provider.baseUrl, consumer, signer }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(refused).toBeInstanceOf(OAuthFlowError);
  const error = (refused as OAuthFlowError).toAppError();
  expect(error).toMatchObject({ httpStatus: 429, retryAfterSeconds: 30 });
  expect(errorText(error, sharedTranslator('en'))).toBe(
    'The service is busy. Wait 30 seconds, then try again.',
  );
  expect(errorText(error, sharedTranslator('ge'))).toBe(
    'Der Dienst ist ausgelastet. Warten Sie 30 Sekunden und versuchen Sie es dann erneut.',
  );
  // Without a Retry-After the sentence keeps its general form.
  expect(errorText({ ...error, retryAfterSeconds: undefined }, sharedTranslator('en'))).toBe(
    'The service is busy. Wait a moment, then try again.',
  );
});
