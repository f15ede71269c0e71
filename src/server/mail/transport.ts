import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  /** `<unique@our-domain>`, chosen by the outbox so every attempt of one message carries the same id. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** A failure worth retrying later (SMTP 4xx, connection refused, timeout). */
export class TemporaryMailError extends Error {}
/** A failure that will not get better (SMTP 5xx: unknown mailbox, rejected content). */
export class PermanentMailError extends Error {}

export interface MailTransport {
  /** 'capture' keeps mail in the outbox only, readable at /dev/mailbox. */
  kind: 'smtp' | 'capture';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export function createMailTransport(config: Config): MailTransport {
  return config.smtpUrl ? smtpTransport(config) : captureTransport();
}

function captureTransport(): MailTransport {
  return {
    kind: 'capture',
    send: async (mail) => ({ messageId: mail.messageId }),
    close: async () => {},
  };
}

function smtpTransport(config: Config): MailTransport {
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(config.dkim
      ? { dkim: { domainName: config.dkim.domain, keySelector: config.dkim.selector, privateKey: config.dkim.privateKey } }
      : {}),
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail(mail);
        return { messageId: info.messageId };
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: async () => transporter.close(),
  };
}

/** SMTP replies 5xx are permanent; 4xx and network failures are worth another try. */
export function classifySmtpError(error: unknown): Error {
  const err = error as { responseCode?: number; message?: string; code?: string };
  const reason = err.message ?? String(error);
  if (typeof err.responseCode === 'number' && err.responseCode >= 500) return new PermanentMailError(reason);
  return new TemporaryMailError(reason);
}
