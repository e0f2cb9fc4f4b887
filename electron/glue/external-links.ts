// Which URLs may leave the app for the system browser (after Element Desktop's webcontents-handler: a
// link is opened externally only when it is safe, never inside the app). Here "safe" is narrow: http(s)
// on the origin of the account the technician works with (its authorize page, its help pages). Anything
// else, including file:, javascript: and other sites, is refused.

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function isAllowedExternalUrl(url: string, allowedOrigins: Iterable<string>): boolean {
  const origin = originOf(url);
  if (origin === null) return false;
  for (const allowed of allowedOrigins) if (allowed === origin) return true;
  return false;
}
