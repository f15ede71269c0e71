import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { inboundMailMessages } from '../../shared/inbound-mail-schemas';
import { resolveRecipient } from './address';
import { admitMail, MAILS_PER_HOUR, MAX_MAIL_BYTES } from './limits';

const jsonBody = z.object({ recipient: z.string().min(3).max(320), raw: z.string().min(1) });
const webhookAnswer = z.object({ outcome: z.enum(['saved', 'refused']), detail: z.string() });
/** Base64 takes 4 bytes for every 3, and JSON a little around it. */
const BODY_LIMIT = Math.ceil((MAX_MAIL_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /api/webhooks/inbound-mail: a provider's inbound route hands over the raw message, as a
 * `message/rfc822` body (the recipient in `?recipient=`, else read from Delivered-To, X-Original-To,
 * To or Cc) or as JSON `{ recipient, raw: base64 }`, with `Authorization: Bearer INBOUND_WEBHOOK_TOKEN`.
 * The same pipeline as the SMTP listener (receive.ts). No cookie, no Origin: the token is its
 * authentication; without INBOUND_DOMAIN and the token the route answers 404.
 */
export function inboundWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(/^message\/rfc822\b/i, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.addContentTypeParser(/^application\/json\b/i, { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'VALIDATION', 'The body is not valid JSON.'), undefined);
      }
    });

    app.post(
      '/api/webhooks/inbound-mail',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['inbound-mail'],
          summary: 'A received mail (message/rfc822, or JSON { recipient, raw: base64 }), with Authorization: Bearer INBOUND_WEBHOOK_TOKEN',
          querystring: z.object({ recipient: z.string().max(320).optional() }),
          response: { 200: webhookAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer, 413: errorAnswer, 429: errorAnswer },
        },
      },
      async (request) => {
        const inbound = ctx.config.inbound;
        if (!inbound?.webhookToken) throw new HttpError(404, 'NOT_FOUND', inboundMailMessages.notEnabled);
        if (!sameSecret(request.headers.authorization ?? '', `Bearer ${inbound.webhookToken}`)) {
          throw new HttpError(401, 'UNAUTHORIZED', 'The inbound mail token is missing or wrong.');
        }
        const { raw, recipient } = await readMessage(request.body, request.query.recipient, inbound.domain);
        if (raw.length > MAX_MAIL_BYTES) throw new HttpError(413, 'TOO_LARGE', inboundMailMessages.tooBig);
        const found = recipient ? await resolveRecipient(ctx.database.db, inbound.domain, recipient) : { kind: 'unknown' as const };
        if (found.kind !== 'user') throw new HttpError(404, 'UNKNOWN_RECIPIENT', inboundMailMessages.unknownRecipient);
        if (!(await admitMail(ctx, found.user.id))) {
          const error = new HttpError(429, 'RATE_LIMITED', 'Too many mails for this address this hour.');
          error.headers['retry-after'] = String(MAILS_PER_HOUR.windowSeconds);
          throw error;
        }
        // Loaded on the first mail: a server that takes none never holds mailparser or mailauth.
        const { receiveMail } = await import('./receive');
        return receiveMail(ctx, found.user, raw, 'webhook');
      },
    );
  };
}

async function readMessage(
  body: unknown,
  queryRecipient: string | undefined,
  domain: string,
): Promise<{ raw: Buffer; recipient: string | undefined }> {
  if (Buffer.isBuffer(body)) return { raw: body, recipient: queryRecipient ?? (await recipientInHeaders(body, domain)) };
  const parsed = jsonBody.safeParse(body);
  if (!parsed.success)
    throw new HttpError(400, 'VALIDATION', 'A message/rfc822 body or JSON { "recipient": "...", "raw": "<base64>" } is expected here.');
  return { raw: Buffer.from(parsed.data.raw, 'base64'), recipient: parsed.data.recipient };
}

/** The first address at the inbound domain among the headers a provider's copy carries. */
async function recipientInHeaders(raw: Buffer, domain: string): Promise<string | undefined> {
  const { simpleParser } = await import('mailparser');
  const { headerLines } = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const suffix = `@${domain}`;
  for (const name of ['delivered-to', 'x-original-to', 'to', 'cc']) {
    for (const { key, line } of headerLines) {
      if (key !== name) continue;
      const found = line
        .slice(line.indexOf(':') + 1)
        .split(/[\s,<>"]+/)
        .find((address) => address.toLowerCase().endsWith(suffix));
      if (found) return found;
    }
  }
  return undefined;
}

/** Constant time whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
