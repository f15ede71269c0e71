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
export class PermanentMailError extends Error {
  constructor(
    message: string,
    /** A hard bounce: the server refused the recipient's address itself, not the message. */
    readonly recipientRejected = false,
  ) {
    super(message);
  }
}

/**
 * The headers DKIM signs: nodemailer's list plus List-Unsubscribe-Post, which RFC 8058 requires to
 * be signed for one-click unsubscribe to count.
 */
export const DKIM_SIGNED_HEADERS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'Content-ID', 'Content-Description', 'In-Reply-To', 'References',
  'List-Id', 'List-Help', 'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post', 'List-Owner', 'List-Archive',
].join(':');

export interface MailTransport {
  /** 'capture' keeps mail in the outbox only, readable at /dev/mailbox. */
  kind: 'smtp' | 'capture';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export async function createMailTransport(config: Config): Promise<MailTransport> {
  return config.smtpUrl ? smtpTransport(config) : captureTransport();
}

function captureTransport(): MailTransport {
  return {
    kind: 'capture',
    send: async (mail) => ({ messageId: mail.messageId }),
    close: async () => {},
  };
}

/** nodemailer is loaded only here: an install that captures mail never holds it in memory. */
async function smtpTransport(config: Config): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(config.dkim
      ? { dkim: { domainName: config.dkim.domain, keySelector: config.dkim.selector, privateKey: config.dkim.privateKey, headerFieldNames: DKIM_SIGNED_HEADERS } }
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

/**
 * SMTP replies 5xx are permanent; 4xx and network failures are worth another try. A 5xx to RCPT TO,
 * or with an address or mailbox status code (5.1.x, 5.2.x), is the recipient's own: a hard bounce.
 */
export function classifySmtpError(error: unknown): Error {
  const err = error as { responseCode?: number; message?: string; command?: string; response?: string };
  const reason = err.message ?? String(error);
  if (typeof err.responseCode !== 'number' || err.responseCode < 500) return new TemporaryMailError(reason);
  const recipientRejected = err.command === 'RCPT TO' || /^5\d\d[ -]5\.[12]\.\d/.test(err.response ?? '');
  return new PermanentMailError(reason, recipientRejected);
}
