import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { MailStatus } from '../db/schema';
import { HttpError } from '../http/errors';
import { isAdmin } from '../auth/current-user';
import { optionalUser } from '../auth/request-user';
import { oneLineText } from '../../shared/text';
import { findCapturedMail, listCapturedMail, type MailboxReader } from './mailbox';
import { mailboxListPage, mailboxMessagePage, mailboxPath, mailboxSignInPage, messagePath } from './mailbox-pages';

const errorAnswer = z.object({ message: z.string(), code: z.string() });
const htmlPage = z.string().describe('An HTML page');

const capturedMailEntry = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed'] satisfies MailStatus[]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  text: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  /** The message's page in the mailbox. */
  url: z.string(),
});
const mailboxAnswer = z.object({ messages: z.array(capturedMailEntry) });
const messageParams = z.object({ id: z.string() });

/**
 * Framed by the message page only; the message's own HTML gets no scripts, nothing but its inline
 * styles and remote images.
 */
const messageHtmlPolicy =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; font-src https: data:; frame-ancestors 'self'";

/**
 * The dev mailbox: what the capture transport kept, readable in a browser and by scripts. It exists
 * only while capture is on (no SMTP_URL); otherwise these paths answer 404 like any unknown path.
 * It holds reset and verification links, so a signed-out visitor reads nothing, an account only its
 * own mail once its address is verified, an administrator other accounts' digests and notices but
 * never their links (mailbox.ts; docs/security.md). A newcomer's verification link is in the server
 * log, not here.
 */
export function mailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    if (ctx.mail.kind !== 'capture') return;
    const { db } = ctx.database;
    app.addHook('onRequest', optionalUser(ctx));

    const readerOf = (request: FastifyRequest): MailboxReader | null => {
      const user = request.auth?.user;
      if (!user) return null;
      return { userId: user.id, admin: isAdmin(user, ctx.config) };
    };

    app.get(
      `${mailboxPath}.json`,
      {
        schema: {
          hide: true,
          querystring: z.object({ to: oneLineText().max(254).optional() }),
          response: { 200: mailboxAnswer, 401: errorAnswer },
        },
      },
      async (request) => {
        const reader = readerOf(request);
        if (!reader) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in to read the mail sent to you.');
        const messages = await listCapturedMail(db, reader, { to: request.query.to });
        return {
          messages: messages.map((mail) => ({
            ...mail,
            createdAt: mail.createdAt.toISOString(),
            sentAt: mail.sentAt?.toISOString() ?? null,
            url: messagePath(mail.id),
          })),
        };
      },
    );

    app.get(mailboxPath, { schema: { hide: true, response: { 200: htmlPage, 401: htmlPage } } }, async (request, reply) => {
      const reader = readerOf(request);
      if (!reader) return reply.status(401).type('text/html; charset=utf-8').send(mailboxSignInPage());
      const messages = await listCapturedMail(db, reader);
      return reply
        .type('text/html; charset=utf-8')
        .send(mailboxListPage(messages, { verified: request.auth?.user.emailVerified ?? false }));
    });

    app.get(
      `${mailboxPath}/:id`,
      { schema: { hide: true, params: messageParams, response: { 200: htmlPage, 404: errorAnswer } } },
      async (request, reply) => {
        const reader = readerOf(request);
        const mail = reader && (await findCapturedMail(db, reader, request.params.id));
        if (!mail) throw notInMailbox();
        return reply.type('text/html; charset=utf-8').send(mailboxMessagePage(mail, ctx.config.mailFrom));
      },
    );

    app.get(
      `${mailboxPath}/:id/html`,
      { schema: { hide: true, params: messageParams, response: { 200: htmlPage, 404: errorAnswer } } },
      async (request, reply) => {
        const reader = readerOf(request);
        const mail = reader && (await findCapturedMail(db, reader, request.params.id));
        if (!mail) throw notInMailbox();
        return reply.type('text/html; charset=utf-8').header('content-security-policy', messageHtmlPolicy).send(mail.html);
      },
    );
  };
}

function notInMailbox(): HttpError {
  return new HttpError(404, 'NOT_FOUND', 'There is no such message in the mailbox.');
}
