import nodemailer from 'nodemailer';
import type { SmtpSettings } from './settings';

/** What the dispatcher hands the transport: one rendered message with its own Message-ID. */
export interface OutgoingMail {
  from: string;
  to: { name?: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** The port the dispatcher sends through: nodemailer's SMTP or stream transport. */
export interface MailTransport {
  readonly kind: 'smtp' | 'embedded';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * nodemailer's transport for the settings: SMTP (pooled off: one connection per message, so a server that
 * went down is found at the next send, not by a stale pooled socket), or the stream transport that renders
 * the RFC 5322 message in memory and delivers nowhere (the embedded default).
 */
export function createMailTransport(smtp: SmtpSettings): MailTransport {
  if (smtp.kind === 'embedded') {
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      kind: 'embedded',
      async send(mail) {
        const info = await transporter.sendMail(mail);
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }
  const timeouts = {
    connectionTimeout: smtp.timeoutMs,
    greetingTimeout: smtp.timeoutMs,
    socketTimeout: smtp.timeoutMs,
  };
  const transporter = nodemailer.createTransport(
    smtp.url
      ? { url: smtp.url, ...timeouts }
      : { host: smtp.host, port: smtp.port, secure: smtp.secure, auth: smtp.auth, ...timeouts },
  );
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
