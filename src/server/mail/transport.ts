import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { encodeMail } from './encode';
import type { MailEnvelope, MailParts } from './envelope';

/**
 * A message: its parts, or the whole of it encoded already by mail/encode.ts from the same envelope
 * (the sender did the MIME work elsewhere, on the digest render thread), sent as it is.
 */
export type OutgoingMail = MailEnvelope & (MailParts | { raw: Buffer | Readable });

/** A failure worth retrying later (SMTP 4xx, connection refused, timeout, a policy refusal). */
export class TemporaryMailError extends Error {
  constructor(
    message: string,
    /**
     * A 5.7.x refusal (relay, policy, reputation): the receiving side's rule about us, not the
     * recipient's mailbox. Retried like a 4xx and counted for the operator (mail_events 'refusal').
     */
    readonly policyRefusal = false,
  ) {
    super(message);
  }
}
/** A failure that will not get better (a 5xx other than a policy refusal: unknown mailbox, rejected content). */
export class PermanentMailError extends Error {
  constructor(
    message: string,
    /** A hard bounce: a permanent mailbox error (5.1.x, 5.2.x), the only refusal that suppresses an address. */
    readonly mailboxError = false,
  ) {
    super(message);
  }
}

/**
 * The headers DKIM signs: nodemailer's list plus List-Unsubscribe-Post, which RFC 8058 requires to
 * be signed for one-click unsubscribe to count.
 */
const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
].join(':');

export interface MailTransport {
  /** 'capture' keeps mail in the outbox only, readable at /dev/mailbox. */
  kind: 'smtp' | 'capture';
  /** How many messages it takes at once (the SMTP pool's connections): senders never queue more. */
  connections: number;
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export async function createMailTransport(config: Config): Promise<MailTransport> {
  return config.smtpUrl ? smtpTransport(config) : captureTransport();
}

function captureTransport(): MailTransport {
  return {
    kind: 'capture',
    connections: 8,
    send: async (mail) => ({ messageId: mail.messageId }),
    close: async () => {},
  };
}

const DEFAULT_POOL_SIZE = 3;

/** SMTP_URL's `?maxConnections=` (nodemailer reads it too, over the default below), else 3. */
function poolSize(smtpUrl: string): number {
  const asked = Number(new URL(smtpUrl).searchParams.get('maxConnections'));
  return Number.isInteger(asked) && asked > 0 ? asked : DEFAULT_POOL_SIZE;
}

/** nodemailer is loaded only here: an install that captures mail never holds it in memory. */
async function smtpTransport(config: Config): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: DEFAULT_POOL_SIZE,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(config.dkim
      ? {
          dkim: {
            domainName: config.dkim.domain,
            keySelector: config.dkim.selector,
            privateKey: config.dkim.privateKey,
            headerFieldNames: DKIM_SIGNED_HEADERS,
          },
        }
      : {}),
  });
  return {
    kind: 'smtp',
    connections: poolSize(config.smtpUrl!),
    async send(mail) {
      try {
        // Sent as encodeMail writes it, the bytes a size budget measures. With raw, nodemailer takes
        // the SMTP envelope and Message-ID from the fields and sends the bytes, DKIM-signed.
        const { dsn, messageId, from, to, subject, headers } = mail;
        const raw =
          'raw' in mail ? mail.raw : await encodeMail({ messageId, from, to, subject, headers, html: mail.html, text: mail.text });
        const info = await transporter.sendMail({ dsn, messageId, from, to, subject, headers, raw });
        return { messageId: info.messageId };
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: async () => transporter.close(),
  };
}

/**
 * Sorts an SMTP failure by its reply and enhanced status code (RFC 3463):
 * - 5.1.x (bad mailbox or address) and 5.2.x (mailbox unavailable): a hard bounce, permanent;
 * - 5.7.x (relay, policy, reputation, authentication): about us, not the recipient; retried;
 * - any other 5xx: permanent for this message, nothing held against the address;
 * - 4xx and network failures: retried.
 */
export function classifySmtpError(error: unknown): Error {
  const err = error as { responseCode?: number; message?: string; response?: string };
  const reason = err.message ?? String(error);
  if (typeof err.responseCode !== 'number' || err.responseCode < 500) return new TemporaryMailError(reason);
  const status = enhancedStatus(err.response ?? reason);
  if (status?.startsWith('5.7.')) return new TemporaryMailError(reason, true);
  return new PermanentMailError(reason, status !== null && /^5\.[12]\./.test(status));
}

/** The enhanced status code of a reply ("550 5.1.1 …" → "5.1.1"), or null when it has none. */
function enhancedStatus(reply: string): string | null {
  return /\b[245]\d\d[ -]([245]\.\d{1,3}\.\d{1,3})\b/.exec(reply)?.[1] ?? null;
}
