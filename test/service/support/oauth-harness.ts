// A minimal node:http front for the OAuth provider, standing in for the service's real HTTP layer in the
// OAuth tests: the token endpoints, the authorize page, and every other path as a protected resource that
// answers with the verified user.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OAuthProvider,
  type OAuthProviderOptions,
  type ProviderResponse,
} from '../../../service/oauth/index.js';

export interface OAuthTestServer {
  baseUrl: string;
  provider: OAuthProvider;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOAuthServer(options: OAuthProviderOptions): Promise<OAuthTestServer> {
  const provider = new OAuthProvider(options);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
      const path = new URL(url).pathname;
      const request = {
        method: req.method ?? 'GET',
        url,
        headers: req.headers,
        ...(body ? { formBody: body } : {}),
      };
      let answer: ProviderResponse;
      if (path === '/oauth/request_token') answer = provider.handleRequestToken(request);
      else if (path === '/oauth/access_token') answer = provider.handleAccessToken(request);
      else if (path === '/oauth/authorize' && req.method === 'POST')
        answer = provider.handleAuthorizePost(url, body);
      else if (path === '/oauth/authorize') answer = provider.handleAuthorizeGet(url);
      else {
        const verified = provider.verify(request, 'resource');
        answer = verified.ok
          ? {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ userId: verified.userId, consumerKey: verified.consumerKey }),
            }
          : verified.response;
      }
      res.writeHead(answer.status, answer.headers).end(answer.body);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
