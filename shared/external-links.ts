// Which URLs may leave the app for the system browser (after Element Desktop's webcontents-handler: a
// link is opened externally only when it is safe, never inside the app). Here "safe" is narrow: http(s)
// on the origin of the account the technician works with (its authorize page, its help pages). Anything
// else, including file:, javascript:, other sites, look-alike hosts and other ports, is refused.
// The one allow-list: the core checks the renderer's requests with it, the Electron glue its windows' links.

/** The origin of an http(s) URL; null for anything else or what is not a URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Whether `url` is http(s) on the exact origin (scheme, host, port) of one of `allowed` (URLs or origins). */
export function isAllowedExternalUrl(url: string, allowed: Iterable<string>): boolean {
  const origin = originOf(url);
  if (origin === null) return false;
  for (const base of allowed) if (originOf(base) === origin) return true;
  return false;
}
