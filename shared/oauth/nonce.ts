// Nonces must not be guessable (a guessed nonce lets an attacker burn it) and must not repeat within a
// timestamp: 128 bits from the platform CSPRNG make both a non-issue. The `oauth-1.0a` package's
// Math.random nonce is not used.

const NONCE_BYTES = 16;

/** 128 random bits from `crypto.getRandomValues`, as 32 lowercase hex characters. */
export function createNonce(): string {
  const bytes = new Uint8Array(NONCE_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
