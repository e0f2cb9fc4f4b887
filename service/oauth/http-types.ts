// The plain request/response shapes the service's HTTP layer hands to and takes from the OAuth provider.

export interface ProviderRequest {
  method: string;
  /**
   * Absolute URL of the request as the client addressed it (scheme, the Host it used, path and query as
   * received): the signature covers it, so it must be what the client signed.
   */
  url: string;
  /** Request headers; names in any case, as node:http gives them or otherwise. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * The raw request body, if any. It is signed only when the Content-Type header says
   * application/x-www-form-urlencoded (RFC 5849 §3.4.1.3.1); any other body is ignored here.
   */
  formBody?: string;
}

export interface ProviderResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Case-insensitive header lookup; a repeated header comes back as all its values. */
export function headerValues(headers: ProviderRequest['headers'], name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else values.push(...value);
  }
  return values;
}
