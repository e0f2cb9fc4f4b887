// The renderer's Content Security Policy, one definition for both hosts: the browser host sends it as a
// header, the Electron glue adds it to responses, and renderer/index.html carries the meta form
// (test/electron/browser-host/server.test.ts keeps the two equal). connect-src 'self' is what lets the browser
// host's renderer reach /ipc and /events and nothing else.

const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The policy in renderer/index.html's meta tag (Electron loads the renderer from file://, without headers). */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/**
 * The policy sent as a header. frame-ancestors is honoured only there: in a meta tag browsers ignore it
 * and log an error on every load.
 */
export const CONTENT_SECURITY_POLICY = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');
