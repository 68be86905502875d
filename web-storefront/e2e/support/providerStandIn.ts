import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { PaymentGateway } from '@cubre/services/payments';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';

/** A stand-in's answer to one request, with its body read (JSON calls and form posts alike). */
export type StandInHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** Sends a JSON answer, as a provider's REST API does. */
export const sendJson = (res: ServerResponse, status: number, answer: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer));
};

/**
 * A local server standing in for a payment provider (its REST API for the adapter, and the page the buyer's
 * browser is sent to), and the product's gateway pointed at it. Call at a test file's top level, before
 * `storefrontSession({}, hooks)`: its beforeAll runs first, so the product starts with this gateway.
 */
export function providerStandIn(
  handle: StandInHandler,
  gatewayAt: (url: string) => PaymentGateway,
): { hooks: RuntimeHooks; url(): string } {
  const hooks: RuntimeHooks = {};
  let server: Server | null = null;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    hooks.paymentGateway = gatewayAt(url);
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });
  return { hooks, url: () => url };
}
