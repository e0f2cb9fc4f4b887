// The browser host's one credential: a random secret per launch. The printed URL carries it once
// (`?launch=<secret>`); the host trades it for an HttpOnly, SameSite=Strict cookie holding a second random
// value, so the secret in the terminal and in the browser's history is not what every request carries.
// Cookies are not isolated by port on 127.0.0.1, so the cookie's name carries the port.

import { randomBytes, timingSafeEqual } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time, so the secret cannot be guessed one character at a time. */
export function secretsEqual(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieName(port: number): string {
  return `sc_session_${port}`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(name: string, value: string): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict`;
}
