// The meeting point of OAuth signing (this folder) and its users (the service client, the token flow, the
// stand-in service's provider). shared/ imports no Node, so the HMAC primitive is a port: the main process
// and the service hand in Node's crypto; anything else may hand in another implementation.

/** HMAC-SHA1 of `text` under `key`, base64-encoded. Keys and texts are UTF-8. */
export type HmacSha1 = (key: string, text: string) => string;

/** Where the protocol parameters travel. The service accepts both (spec §5); the header is the default. */
export type OAuthParameterTransport = 'header' | 'query';

export interface OAuthConsumer {
  key: string;
  secret: string;
}

export interface OAuthToken {
  token: string;
  secret: string;
}

export interface SignableRequest {
  method: string;
  /** Absolute URL, query included. */
  url: string;
  /**
   * Parameters of an `application/x-www-form-urlencoded` body, the only kind of body that is signed.
   * XML bodies are never signed: leave this out for them.
   */
  form?: ReadonlyArray<readonly [string, string]>;
}

export interface SignedRequest {
  /** The URL to call: unchanged for header transport, with the oauth_* parameters added for query transport. */
  url: string;
  /** Headers to add (Authorization for header transport; none for query transport). */
  headers: Record<string, string>;
}

export interface RequestSigner {
  /**
   * Signs a request with the consumer and, when given, the token. `extra` carries protocol parameters of the
   * token steps (`oauth_callback`, `oauth_verifier`).
   */
  sign(
    request: SignableRequest,
    consumer: OAuthConsumer,
    token?: OAuthToken,
    extra?: Readonly<Record<string, string>>,
  ): SignedRequest;
}
