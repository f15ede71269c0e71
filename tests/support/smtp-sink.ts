import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** An SMTP_URL that reaches this sink: plain SMTP on loopback, no TLS, no login. */
  url: string;
  /** Every accepted message, parsed, in the order received. */
  messages: ParsedMail[];
  /** The same messages as they arrived, byte for byte (e.g. to verify a DKIM signature). */
  rawMessages: Buffer[];
  /**
   * Refuses this address at RCPT TO: by default with 550 5.1.1, as a server does for a mailbox that
   * does not exist; or with another reply, e.g. { code: 554, text: '5.7.1 Relay access denied' }.
   */
  rejectRecipient(address: string, reply?: { code: number; text: string }): void;
  /** Takes mail for this address again. */
  acceptRecipient(address: string): void;
  /** Rejects the next `count` messages after their DATA with `code` (451: try later; 550: refused). */
  failNext(code: number, count?: number): void;
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** How long each message waits after its DATA before the sink answers: a slow receiving server. */
  acceptAfterMs?: number;
}

/** A real SMTP server on a random loopback port, for tests that must see mail as a receiver would. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const rawMessages: Buffer[] = [];
  const rejectedRecipients = new Map<string, { code: number; text: string }>();
  const waiters = new Set<() => void>();
  let failures: { code: number; remaining: number } | undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const reply = rejectedRecipients.get(address.address.toLowerCase());
      if (!reply) return callback();
      callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
    },
    onData(stream, _session, callback) {
      const failure = failures && failures.remaining > 0 ? failures : undefined;
      if (failure) failure.remaining -= 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            if (failure) return callback(rejection(failure.code));
            setTimeout(() => {
              messages.push(parsed);
              rawMessages.push(raw);
              for (const wake of waiters) wake();
              callback();
            }, options.acceptAfterMs ?? 0);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender that dies mid-message resets its connection: a receiving server carries on.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rawMessages,
    rejectRecipient(address, reply = { code: 550, text: '5.1.1 mailbox does not exist (test sink)' }) {
      rejectedRecipients.set(address.toLowerCase(), reply);
    },
    acceptRecipient(address) {
      rejectedRecipients.delete(address.toLowerCase());
    },
    failNext(code, count = 1) {
      failures = { code, remaining: count };
    },
    waitForMessages(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          finish();
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`the SMTP sink received ${messages.length} of ${count} messages in ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function rejection(code: number): Error {
  const reason = code >= 500 ? 'mailbox unavailable (test sink)' : 'try again later (test sink)';
  return Object.assign(new Error(reason), { responseCode: code });
}
