// A tiny logger that cannot leak credentials: every message and field passes through `redact` first.
// Tokens, secrets, signatures, Authorization headers and PINs are replaced, whether they come as object
// keys or embedded in text (an URL with oauth_* parameters, a header line).

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogSink = (level: LogLevel, line: string) => void;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEY = /secret|token|signature|authorization|password|verifier|pin|cookie/i;
const REDACTED = '[redacted]';
const TEXT_PATTERNS: Array<[RegExp, string]> = [
  // oauth_token=…, oauth_signature="…", oauth_verifier=… in URLs, headers and form bodies
  [
    /(oauth_(?:token|token_secret|signature|verifier|consumer_secret))(=|%3D)("?)[^&",\s]*/gi,
    `$1$2$3${REDACTED}`,
  ],
  [/(authorization:\s*)[^\r\n]*/gi, `$1${REDACTED}`],
  [
    /((?<!\w)"?(?:consumerSecret|tokenSecret|token|secret|pin|password)"?\s*[:=]\s*"?)[^",}\s&]*/gi,
    `$1${REDACTED}`,
  ],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[…]';
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = SECRET_KEY.test(key) ? REDACTED : redact(v, depth + 1);
  return out;
}

export function createLogger(sink: LogSink = defaultSink, scope = 'core'): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    const extra = fields ? ` ${JSON.stringify(redact(fields))}` : '';
    sink(level, `[${scope}] ${redactText(message)}${extra}`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

function defaultSink(level: LogLevel, line: string): void {
  if (level === 'debug' && !process.env.SUPPORT_CONSOLE_DEBUG) return;
  (level === 'error' || level === 'warn' ? console.error : console.log)(line);
}

/** For tests and hosts that do not want output. */
export const silentLogger: Logger = createLogger(() => {});
