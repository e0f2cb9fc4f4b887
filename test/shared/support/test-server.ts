// A real HTTP server on 127.0.0.1 (ephemeral port) for client tests: records every request and answers
// with whatever the test's handler says.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  OAuthConsumer,
  OAuthToken,
  RequestSigner,
  SignableRequest,
  SignedRequest,
} from '../../../shared/oauth/types.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (for timeouts and cancellation). */
  delayMs?: number;
  /** Drop the connection without an answer. */
  destroy?: boolean;
}

export type Handler = (request: RecordedRequest, index: number) => Reply;

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(
  handler: Handler = () => ({ status: 200, body: '' }),
): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const pending = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = current(recorded, requests.length - 1);
      const answer = (): void => {
        pending.delete(res);
        if (reply.destroy) {
          res.socket?.destroy();
          return;
        }
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) {
        pending.add(res);
        const timer = setTimeout(answer, reply.delayMs);
        res.on('close', () => clearTimeout(timer));
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of pending) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A signer that marks each request recognisably and counts its calls, so tests see that every attempt is
 * signed anew without depending on the real OAuth signer.
 */
export class CountingSigner implements RequestSigner {
  readonly calls: SignableRequest[] = [];

  sign(request: SignableRequest, consumer: OAuthConsumer, token?: OAuthToken): SignedRequest {
    this.calls.push(request);
    return {
      url: request.url,
      headers: {
        Authorization: `Test consumer="${consumer.key}", token="${token?.token ?? ''}", n="${this.calls.length}"`,
      },
    };
  }
}
