// The renderer's Content Security Policy, one string for both hosts: the browser host sends it as a header,
// the Electron glue adds it to responses, and renderer/index.html carries the same policy in a meta tag
// (test/electron/browser-host.test.ts keeps the two equal). connect-src 'self' is what lets the browser
// host's renderer reach /ipc and /events and nothing else.

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
