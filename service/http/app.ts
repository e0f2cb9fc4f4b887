// The request pipeline of the stand-in service. For a resource call (spec §4), in this order:
//   route (404 unknown path, 405 method, 406 format) -> size by Content-Length (413) -> content type (415)
//   -> OAuth verification (the provider's refusal as it gives it) -> body, read with a cap (413)
//   -> UTF-8 and references XML defines (400) -> decode (400 for anything that is not the expected XML document) -> domain rules -> answer.
// Nothing before the domain changes state, and the domain validates fully before it changes anything, so a
// refused request changes nothing. An unexpected exception is a 500 with a generic body, logged without
// query strings or headers (they carry tokens and signatures).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { isXmlError } from '../../shared/xml/index.js';
import type { AccountStore } from '../domain/account-store.js';
import { DomainError } from '../domain/errors.js';
import type { ProviderRequest } from '../oauth/http-types.js';
import { acceptsGzip, COMPRESS_MIN_BYTES, type GzipCache } from './compression.js';
import { declaredLength, readBody, requireXmlContentType, tooLarge } from './body.js';
import {
  CONTROL_PREFIX,
  CONTROL_TOKEN_HEADER,
  controlTokenMatches,
  handleControl,
  type ControlContext,
} from './control.js';
import type { DeviceListCache } from './device-list-cache.js';
import type { FaultInjector, FaultRule } from './faults.js';
import type { OAuthEndpoint, OAuthGate } from './oauth-gate.js';
import { handleResource } from './resource-handlers.js';
import { HttpError, errorResponse, xmlResponse, type HttpResponse } from './responses.js';
import { matchRoute } from './routes.js';
import { UriQuery } from './uri-fields.js';
import { refuseMalformedXml } from './well-formed.js';
import { refuseUndefinedReferences } from './xml-references.js';

export interface AppContext {
  store: AccountStore;
  devicesCache: DeviceListCache;
  oauth: OAuthGate;
  faults: FaultInjector;
  /** null: the control API is off (its paths answer 404 like any unknown path). */
  control: ControlContext | null;
  baseUrl: () => string;
  maxBodyBytes: number;
  log: (line: string) => void;
  gzip: GzipCache;
  /** Makes every change so far durable (the write-ahead journal); throws when it cannot. */
  commit?: () => void;
}

const SMALL_BODY_LIMIT = 64 * 1024;
const OAUTH_ROUTES: Record<string, { endpoint: OAuthEndpoint; methods: string[] }> = {
  '/oauth/request_token': { endpoint: 'request_token', methods: ['GET'] },
  '/oauth/authorize': { endpoint: 'authorize', methods: ['GET', 'POST'] },
  '/oauth/access_token': { endpoint: 'access_token', methods: ['GET'] },
};

function send(ctx: AppContext, res: ServerResponse, response: HttpResponse, encoding?: 'gzip'): void {
  if (res.headersSent) return;
  // Whatever this request (or any before it) changed is on disk before an answer leaves: an acknowledged
  // change survives a kill at any moment after it.
  try {
    ctx.commit?.();
  } catch (error) {
    ctx.log(`journal not written: ${(error as Error).message}`);
    if (!res.destroyed) {
      const refused = errorResponse(
        503,
        'The service could not save the change to disk; it may be lost when the service restarts. Check the data directory (disk full?) and try again.',
      );
      writeResponse(res, refused);
    }
    return;
  }
  if (res.destroyed) return;
  writeResponse(res, response, encoding);
}

function writeResponse(res: ServerResponse, response: HttpResponse, encoding?: 'gzip'): void {
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store',
    ...response.headers,
    'Content-Length': String(body.length),
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Sends a large successful answer gzipped when the client accepts it; anything else as is. */
async function sendMaybeCompressed(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  response: HttpResponse,
): Promise<void> {
  if (response.status !== 200 || response.body.length < COMPRESS_MIN_BYTES || !acceptsGzip(req)) {
    send(ctx, res, response);
    return;
  }
  const plain = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
  const compressed = await ctx.gzip.compress(plain);
  send(
    ctx,
    res,
    { ...response, headers: { ...response.headers, Vary: 'Accept-Encoding' }, body: compressed },
    'gzip',
  );
}

function absoluteUrl(req: IncomingMessage, baseUrl: string): string {
  const host = req.headers.host;
  return host ? `http://${host}${req.url ?? '/'}` : `${baseUrl}${req.url ?? '/'}`;
}

function providerRequest(req: IncomingMessage, baseUrl: string, formBody?: string): ProviderRequest {
  // node:http keeps only the first of repeated Authorization headers in `headers`; the provider must see
  // them all to refuse the request (which one counts would otherwise depend on their order).
  const authorization = req.headersDistinct.authorization;
  const request: ProviderRequest = {
    method: req.method ?? 'GET',
    url: absoluteUrl(req, baseUrl),
    headers: authorization && authorization.length > 1 ? { ...req.headers, authorization } : req.headers,
  };
  if (formBody !== undefined) request.formBody = formBody;
  return request;
}

function errorFor(error: unknown, maxBodyBytes: number): HttpResponse | null {
  if (error instanceof DomainError) return errorResponse(error.status, error.message, error.code);
  if (error instanceof HttpError)
    return errorResponse(error.status, error.message, error.code, error.headers);
  if (isXmlError(error)) {
    if (error.reason === 'too-large')
      return errorResponse(413, `The request body is larger than the ${maxBodyBytes} bytes allowed`);
    return errorResponse(400, `The request body is not the expected XML document: ${error.message}`);
  }
  return null;
}

/** Applies a fault; true when the request is answered (or dropped) by it. */
async function applyFault(
  ctx: AppContext,
  rule: FaultRule,
  res: ServerResponse,
  clientGone: AbortSignal,
): Promise<boolean> {
  switch (rule.kind) {
    case 'delay':
      // A client that hangs up while held ends the wait (and the request) at once.
      await sleep(rule.delayMs ?? 0, undefined, { signal: clientGone });
      return false;
    case 'error':
      send(ctx, res, errorResponse(500, 'Internal server error (injected)'));
      return true;
    case 'reset':
      res.statusMessage = 'reset (injected)';
      res.socket?.resetAndDestroy();
      return true;
    case 'malformed':
      // Looks like a success but is cut off mid-document.
      send(
        ctx,
        res,
        xmlResponse(200, '<?xml version="1.0" encoding="UTF-8"?><devices><device><id>1</id><name>TRUNC'),
      );
      return true;
  }
}

async function handleOAuth(ctx: AppContext, req: IncomingMessage, pathname: string): Promise<HttpResponse> {
  const route = OAUTH_ROUTES[pathname];
  if (!route) return errorResponse(404, 'No such OAuth endpoint');
  const method = req.method ?? 'GET';
  if (!route.methods.includes(method)) {
    return errorResponse(405, `Use ${route.methods.join(' or ')} for ${pathname}`, undefined, {
      Allow: route.methods.join(', '),
    });
  }
  const formBody = method === 'POST' ? await readBody(req, SMALL_BODY_LIMIT) : undefined;
  const response = await ctx.oauth.handle(route.endpoint, providerRequest(req, ctx.baseUrl(), formBody));
  return response;
}

async function handleControlRequest(
  ctx: AppContext,
  control: ControlContext,
  req: IncomingMessage,
  pathname: string,
): Promise<HttpResponse> {
  if (!controlTokenMatches(control.token, req.headers[CONTROL_TOKEN_HEADER])) {
    return {
      status: 401,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"error":"Missing or wrong X-Control-Token"}',
    };
  }
  const body = await readBody(req, SMALL_BODY_LIMIT);
  return handleControl(control, req.method ?? 'GET', pathname, body);
}

async function handleApi(ctx: AppContext, req: IncomingMessage, url: URL): Promise<HttpResponse> {
  const method = req.method ?? 'GET';
  const match = matchRoute(method, url.pathname);
  if (match.kind === 'not-found') return errorResponse(404, 'No such resource path');
  if (match.kind === 'method-not-allowed') {
    return errorResponse(405, `Method ${method} is not allowed here`, undefined, {
      Allow: match.allow.join(', '),
    });
  }
  if (match.format !== 'xml') {
    return errorResponse(406, 'Only the xml format is served: end the path with .xml');
  }
  const hasBody = method === 'POST' || method === 'PUT';
  const declared = declaredLength(req);
  if (declared !== null && declared > ctx.maxBodyBytes) throw tooLarge(ctx.maxBodyBytes);
  if (hasBody) requireXmlContentType(req);
  const verdict = await ctx.oauth.verifyResource(providerRequest(req, ctx.baseUrl()));
  if (!verdict.ok) return verdict.response;
  const user = ctx.store.findUser(verdict.userId);
  if (!user) return errorResponse(401, 'The signed-in user no longer exists');
  const body = hasBody ? await readBody(req, ctx.maxBodyBytes) : '';
  refuseUndefinedReferences(body);
  refuseMalformedXml(body);
  return handleResource(match.operation, {
    store: ctx.store,
    devicesCache: ctx.devicesCache,
    baseUrl: ctx.baseUrl(),
    user,
    params: match.params,
    query: UriQuery.parse(url.search),
    body,
    maxBodyBytes: ctx.maxBodyBytes,
  });
}

export function createRequestListener(ctx: AppContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    let pathname = '/';
    // Set when the connection closes before the answer was sent: the client aborted (hung up mid-body,
    // gave up on a held request). Such a request is finished quietly and logged as aborted, not as a 500.
    const hangUp = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) hangUp.abort();
    });
    // The close event may come after the read that failed because of it: the socket tells at once.
    const clientGone = (error?: unknown): boolean =>
      hangUp.signal.aborted ||
      res.destroyed ||
      (!req.complete && (error as { code?: unknown } | undefined)?.code === 'ECONNRESET');
    const run = async (): Promise<void> => {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://service.invalid');
      } catch {
        send(ctx, res, errorResponse(400, 'The request target is not a valid path'));
        return;
      }
      pathname = url.pathname;
      // RFC 9112 §3.2: a request with more than one Host is answered 400. The signature covers the host,
      // so which one was signed would otherwise be a guess.
      if ((req.headersDistinct.host?.length ?? 0) > 1) {
        send(ctx, res, errorResponse(400, 'The Host header is sent more than once.'));
        return;
      }
      if (pathname.startsWith(CONTROL_PREFIX) && ctx.control) {
        send(ctx, res, await handleControlRequest(ctx, ctx.control, req, pathname));
        return;
      }
      const fault = ctx.faults.take(req.method ?? 'GET', pathname);
      if (fault && (await applyFault(ctx, fault, res, hangUp.signal))) return;
      if (pathname.startsWith('/oauth/')) {
        send(ctx, res, await handleOAuth(ctx, req, pathname));
        return;
      }
      await sendMaybeCompressed(ctx, req, res, await handleApi(ctx, req, url));
    };
    run()
      .catch((error: unknown) => {
        if (clientGone(error)) return;
        const known = errorFor(error, ctx.maxBodyBytes);
        if (known) {
          send(ctx, res, known);
          return;
        }
        const name = error instanceof Error ? error.name : typeof error;
        // The message and stack are logged (they come from our code), never the request's query or headers.
        ctx.log(
          `500 ${req.method} ${pathname}: ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        send(ctx, res, errorResponse(500, 'Internal server error'));
      })
      .finally(() => {
        const took = `${(performance.now() - started).toFixed(1)}ms`;
        const outcome = res.writableEnded
          ? String(res.statusCode)
          : res.statusMessage === 'reset (injected)'
            ? 'reset (injected)'
            : 'aborted by the client';
        ctx.log(`${req.method} ${pathname} ${outcome} ${took}`);
      });
  };
}
