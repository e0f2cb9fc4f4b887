// The RequestSigner the service client and the token flow sign with (RFC 5849 §3.1, HMAC-SHA1).
import { formEncode, parseFormEncoded } from './encoding.js';
import { buildAuthorizationHeader } from './header.js';
import { createNonce } from './nonce.js';
import { OAuthProtocolError } from './problems.js';
import { collectRequestParameters, hmacSha1Signature, signatureBaseString } from './signature.js';
import type {
  HmacSha1,
  OAuthConsumer,
  OAuthParameterTransport,
  OAuthToken,
  RequestSigner,
  SignableRequest,
  SignedRequest,
} from './types.js';

export interface RequestSignerOptions {
  hmacSha1: HmacSha1;
  /** Where the oauth_* parameters travel; the Authorization header unless told otherwise. */
  transport?: OAuthParameterTransport;
  /** Milliseconds since the epoch; the timestamp sent is whole seconds. */
  clock?: () => number;
  nonce?: () => string;
  /** Send `oauth_version=1.0`. Optional in the protocol (spec §5), so off by default. */
  includeVersion?: boolean;
  /** A realm for the Authorization header; never signed, ignored for query transport. */
  realm?: string;
}

/** Protocol parameters the signer owns; a caller's `extra` may not set them. */
const SIGNER_OWNED = new Set([
  'oauth_consumer_key',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
  'oauth_timestamp',
  'oauth_token',
  'oauth_version',
]);

function refuse(message: string): never {
  throw new OAuthProtocolError('parameter_rejected', message);
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

export function createRequestSigner(options: RequestSignerOptions): RequestSigner {
  const transport = options.transport ?? 'header';
  const clock = options.clock ?? Date.now;
  const nonce = options.nonce ?? createNonce;

  return {
    sign(
      request: SignableRequest,
      consumer: OAuthConsumer,
      token?: OAuthToken,
      extra?: Readonly<Record<string, string>>,
    ): SignedRequest {
      if (!consumer.key) refuse('No consumer key is set for this service.');
      if (token && !token.token) refuse('The token to sign with is empty.');

      // Protocol parameters placed by the caller in the URL or form would travel twice (once here, once
      // from the signer) and the provider would refuse them as duplicated.
      let query: string;
      try {
        query = new URL(request.url).search.replace(/^\?/, '');
      } catch {
        refuse('The request URL is not an absolute URL.');
      }
      for (const [name] of [...parseFormEncoded(query), ...(request.form ?? [])]) {
        if (name.startsWith('oauth_'))
          refuse(`${name} must not be part of the request itself; the signer adds it.`);
      }

      const protocol: Array<[string, string]> = [
        ['oauth_consumer_key', consumer.key],
        ['oauth_nonce', nonce()],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', String(Math.floor(clock() / 1000))],
      ];
      if (token) protocol.push(['oauth_token', token.token]);
      if (options.includeVersion) protocol.push(['oauth_version', '1.0']);
      for (const [name, value] of Object.entries(extra ?? {})) {
        if (!name.startsWith('oauth_') || SIGNER_OWNED.has(name))
          refuse(`${name} cannot be passed as an extra protocol parameter.`);
        protocol.push([name, value]);
      }
      if (!protocol[1]?.[1]) refuse('The nonce source returned an empty nonce.');

      const parameters = collectRequestParameters({ url: request.url, form: request.form, protocol });
      const baseString = signatureBaseString(request.method, request.url, parameters);
      const signature = hmacSha1Signature(options.hmacSha1, baseString, consumer.secret, token?.secret);
      const signed: Array<[string, string]> = [...protocol, ['oauth_signature', signature]];

      if (transport === 'query') {
        const url = withoutFragment(request.url);
        const separator = url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?';
        return { url: `${url}${separator}${formEncode(signed)}`, headers: {} };
      }
      return {
        url: request.url,
        headers: { Authorization: buildAuthorizationHeader(signed, options.realm) },
      };
    },
  };
}
