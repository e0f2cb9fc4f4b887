// The console's PIN sign-in driven through a core's handlers, as the sign-in screen drives it: begin with
// a service address and consumer, approve on that service's authorize page as its administrator, type the
// PIN. The tests of several accounts sign in to two services with two consumers this way.

import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import { ADMIN, approveOnAuthorizePage, type Harness } from '../../service/support/service-harness.js';

/** The second stand-in service's consumer (the first uses the harness's default one). */
export const CONSUMER_B = { key: 'customer-b-console', secret: 'customer-b-secret' };

type Handlers = Parameters<typeof dispatchInvoke>[0];

/** auth:complete's answer as it came: a refused sign-in is for the caller to judge. */
export async function pinSignIn(
  handlers: Handlers,
  svc: Harness,
  consumer: { key: string; secret: string },
): ReturnType<typeof dispatchInvoke> {
  const begin = await dispatchInvoke(handlers, 'auth:begin', {
    baseUrl: svc.service.baseUrl,
    consumerKey: consumer.key,
    consumerSecret: consumer.secret,
  });
  if (!begin.ok) throw new Error(`auth:begin: ${begin.error.message}`);
  const { authorizeUrl } = begin.value as { authorizeUrl: string };
  const token = new URL(authorizeUrl).searchParams.get('oauth_token') ?? '';
  const pin = await approveOnAuthorizePage(svc.service.baseUrl, token, ADMIN.email, ADMIN.password);
  return dispatchInvoke(handlers, 'auth:complete', { pin });
}
