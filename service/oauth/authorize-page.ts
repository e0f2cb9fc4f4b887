// The pages of the authorize step (spec §5 step 2): plain, accessible HTML that works without script.
// Everything interpolated is escaped; the CSP allows only this file's own stylesheet and form posts back
// to the service (plus the registered callback's origin, since Chrome applies form-action to the redirect
// that follows the post).
import { createHash } from 'node:crypto';
import type { ProviderResponse } from './http-types.js';

// The console's palette (renderer/styles/app.css), light and dark, so the step in the browser looks like
// the app that sent the technician there: Approve is the primary action, Deny a quiet secondary one.
const STYLE = `
:root { color-scheme: light dark; --bg: light-dark(#f5f6f8, #14171c); --surface: light-dark(#fff, #1b1f26);
  --border: light-dark(#d9dde3, #333a46); --text: light-dark(#1c2330, #e4e7ec); --muted: light-dark(#5b6475, #a3acbb);
  --accent: light-dark(#2457d6, #5b8cff); --accent-text: light-dark(#fff, #0b1020); --focus: light-dark(#2f6fff, #8ab0ff); }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: var(--bg); color: var(--text); }
main { max-width: 28rem; margin: 3rem auto; background: var(--surface); padding: 2rem; border-radius: 10px;
  border: 1px solid var(--border); box-shadow: 0 8px 30px rgb(0 0 0 / .12); }
h1 { font-size: 1.4rem; margin-top: 0; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: .5rem .75rem; font: inherit;
  color: inherit; background: var(--surface); border: 1px solid var(--border); border-radius: 6px; }
.actions { margin-top: 1.5rem; display: flex; gap: .75rem; }
button { font: inherit; font-weight: 600; padding: .5rem 1.5rem; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--border); background: var(--surface); color: var(--text); }
button[value=approve] { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
button:hover { filter: brightness(1.06); }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.error { color: light-dark(#8f1f17, #ffb3ab); background: light-dark(#fde8e6, #3d1c1a); padding: .5rem .75rem;
  border-radius: 6px; }
.code { font: 700 2rem/1.2 ui-monospace, monospace; letter-spacing: .15em; padding: .75rem;
  background: light-dark(#eef2f7, #232831); display: inline-block; border-radius: 6px; user-select: all; }
`;

const STYLE_HASH = createHash('sha256').update(STYLE, 'utf8').digest('base64');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function contentSecurityPolicy(extraFormAction?: string): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self'${extraFormAction ? ` ${extraFormAction}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Headers every authorize page and redirect carries: nothing cached, not framed, no referrer leaking the token. */
export function pageHeaders(extraFormAction?: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': contentSecurityPolicy(extraFormAction),
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface AuthorizeFormView {
  appName: string;
  /** Where the form posts: the authorize path the page was served from. */
  action: string;
  requestToken: string;
  email?: string;
  error?: string;
}

export function authorizeFormPage(view: AuthorizeFormView, extraFormAction?: string): ProviderResponse {
  const error = view.error
    ? `<p class="error" role="alert" id="authorize-error">${escapeHtml(view.error)}</p>\n`
    : '';
  const describedBy = view.error ? ' aria-describedby="authorize-error"' : '';
  const body = `<h1>Allow ${escapeHtml(view.appName)} to use your account?</h1>
<p><strong>${escapeHtml(view.appName)}</strong> asks for access to your remote-support account: devices, folders,
support sessions and users. Sign in to approve, or deny the request.</p>
${error}<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="oauth_token" value="${escapeHtml(view.requestToken)}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(view.email ?? '')}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password"${describedBy}>
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`;
  return {
    status: 200,
    headers: pageHeaders(extraFormAction),
    body: page(`Authorize ${view.appName}`, body),
  };
}

export function verifierPage(appName: string, verifier: string): ProviderResponse {
  const body = `<h1>Access approved</h1>
<p>Your PIN for ${escapeHtml(appName)} is:</p>
<p><output class="code" id="oauth-verifier">${escapeHtml(verifier)}</output></p>
<p>Type this PIN into ${escapeHtml(appName)} where it asks for the PIN, then close this window.
The PIN works once and only for the next few minutes.</p>`;
  return { status: 200, headers: pageHeaders(), body: page('Access approved', body) };
}

export function messagePage(status: number, title: string, message: string): ProviderResponse {
  const body = `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`;
  return { status, headers: pageHeaders(), body: page(title, body) };
}

export function redirect(location: string): ProviderResponse {
  return { status: 302, headers: { ...pageHeaders(), Location: location }, body: '' };
}
