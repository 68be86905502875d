import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for a provider: it records every request exactly as the adapter (or the
 * provider's SDK) sent it and answers what the provider's documentation shows for that call.
 */
export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: any };
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Responder = (request: RecordedRequest) => Reply | 'hang' | 'drop';

export type ProviderServer = {
  url: string;
  requests: RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
};

export async function startProviderServer(): Promise<ProviderServer> {
  let responder: Responder = () => ({ status: 404, body: { message: 'no route' } });
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text === '' ? undefined : JSON.parse(text),
      };
      requests.push(recorded);
      const reply = responder(recorded);
      if (reply === 'hang') return;
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    respond(next) {
      responder = next;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
