import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../context';
import type { User } from '../auth/current-user';
import { resolveRecipient } from './address';
import { admitMail, MAX_MAIL_BYTES } from './limits';
import { receiveMail } from './receive';

export interface InboundSmtp {
  /** The port listened on (INBOUND_SMTP_PORT, or the one the system picked for 0). */
  port: number;
  stop(): Promise<void>;
}

function refusal(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * Stash's own MX: takes mail for save+<token>@INBOUND_DOMAIN only. Any other recipient is refused
 * at RCPT (never a relay); an unknown token and an unverified account's address get the same 550,
 * so the reply does not tell whether an address exists. No AUTH: nobody sends out through it.
 */
export async function startInboundSmtp(ctx: AppContext, domain: string, port: number): Promise<InboundSmtp> {
  // By transaction: RSET and each new MAIL FROM give the session a new envelope.
  const users = new WeakMap<SMTPServerSession['envelope'], User[]>();
  const server = new SMTPServer({
    name: domain,
    banner: 'Stash save by e-mail',
    size: MAX_MAIL_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, session, callback) {
      void (async () => {
        const recipient = await resolveRecipient(ctx.database.db, domain, address.address);
        if (recipient.kind === 'elsewhere') return callback(refusal(550, '5.7.1 Relaying denied'));
        if (recipient.kind === 'unknown') return callback(refusal(550, '5.1.1 No such recipient here'));
        if (!(await admitMail(ctx, recipient.user.id)))
          return callback(refusal(452, '4.2.2 Too many mails for this address this hour, try later'));
        const known = users.get(session.envelope) ?? [];
        // The same address twice in one mail saves once.
        if (!known.some((user) => user.id === recipient.user.id)) users.set(session.envelope, [...known, recipient.user]);
        callback();
      })().catch((error: Error) => {
        ctx.log.error({ err: error }, 'inbound mail: recipient check failed');
        callback(refusal(451, '4.3.0 Try again later'));
      });
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      // Past the limit the rest is read and dropped, never held: the answer is 552 anyway.
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= MAX_MAIL_BYTES) chunks.push(chunk);
      });
      stream.on('end', () => {
        const recipients = users.get(session.envelope) ?? [];
        users.delete(session.envelope);
        if (stream.sizeExceeded || bytes > MAX_MAIL_BYTES) return callback(refusal(552, '5.3.4 Message larger than 10 MB'));
        const raw = Buffer.concat(chunks);
        const envelope = {
          ip: session.remoteAddress,
          helo: session.hostNameAppearsAs,
          sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        };
        Promise.all(recipients.map((user) => receiveMail(ctx, user, raw, 'smtp', envelope)))
          .then(() => callback())
          .catch((error: Error) => {
            ctx.log.error({ err: error }, 'inbound mail: saving failed');
            callback(refusal(451, '4.3.0 Try again later'));
          });
      });
    },
  });
  server.on('error', (error) => ctx.log.error({ err: error }, 'inbound mail: SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, ctx.config.host, () => resolve());
  });
  const address = server.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  ctx.log.info({ port: listening, domain }, 'save by e-mail: the SMTP listener is on');
  return {
    port: listening,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
