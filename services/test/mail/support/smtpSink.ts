import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope and the raw RFC 5322 text. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package): it accepts every message and keeps it, so a
 * test reads what arrived. `stop()` and `start()` on the same port play a server that goes down and comes
 * back; `waitFor(n)` resolves when n messages arrived (the server's own event, no polling).
 */
export class SmtpSink {
  readonly received: Received[] = [];
  private server: SMTPServer | null = null;
  private waiters: { count: number; resolve(): void }[] = [];
  port = 0;

  /** `refuses(address)`: the server answers 550 to that recipient (a mailbox that does not exist). */
  constructor(private readonly refuses: (address: string) => boolean = () => false) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refuses(address.address)) return callback();
        const refusal = new Error('mailbox unavailable') as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
          this.notify();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  waitFor(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  private notify() {
    const ready = this.waiters.filter((waiter) => this.received.length >= waiter.count);
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }
}

/** A received message read back: headers (unfolded, names lower-cased) and its text and HTML parts decoded. */
export function readMessage(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const [head, body] = splitHead(raw);
  const headers = headersOf(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitHead(part.replace(/^\r?\n/, '')))
    : [[head, body] as const];
  const decoded = parts.map(([partHead, partBody]) => {
    const partHeaders = headersOf(partHead);
    return { type: partHeaders['content-type'] ?? '', body: decodeBody(partBody, partHeaders) };
  });
  return {
    headers: { ...headers, subject: decodeWords(headers.subject ?? '') },
    text: decoded.find((part) => part.type.startsWith('text/plain'))?.body ?? '',
    html: decoded.find((part) => part.type.startsWith('text/html'))?.body ?? '',
  };
}

function splitHead(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  return [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
}

function headersOf(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body.replace(/\r\n/g, '\n');
  const softBreaksGone = body.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksGone.length; i++) {
    const char = softBreaksGone[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(softBreaksGone.slice(i + 1, i + 3))) {
      bytes.push(parseInt(softBreaksGone.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(char, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (UTF-8, Q or B), as nodemailer writes a subject that is not ASCII. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
