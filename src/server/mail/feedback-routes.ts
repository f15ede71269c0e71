import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { applyMailReport } from './reports';

const feedbackAnswer = z.object({
  /** Addresses that get no more digests because of this report. */
  suppressed: z.number().int(),
});

/** The forms a report arrives in: the whole multipart/report, or a provider's forwarded copy of it. */
const REPORT_TYPES = /^(multipart\/report|message\/(rfc822|feedback-report)|text\/plain)\b/i;

/**
 * POST /api/webhooks/mail-feedback: complaint reports (ARF) from a mailbox provider's feedback loop
 * and bounces (RFC 3464 delivery reports) that came back after the relay accepted a message,
 * forwarded by the mail server or the sending service with `Authorization: Bearer MAIL_FEEDBACK_TOKEN`.
 * A complaint or a mailbox error stops digests to that address (reports.ts). It carries no cookie and no
 * Origin, so the origin check lets it through; the token is its authentication.
 */
export function mailFeedbackRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/webhooks/mail-feedback',
      {
        // A report quotes the message complained about, which may pass the app's 64 KB.
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['mail'],
          summary: 'Complaint reports (RFC 5965) and bounces (RFC 3464), with Authorization: Bearer MAIL_FEEDBACK_TOKEN',
          response: { 200: feedbackAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
        },
      },
      async (request) => {
        const token = ctx.config.mailFeedbackToken;
        if (!token) throw new HttpError(404, 'NOT_FOUND', 'Complaint reports are not enabled on this server (MAIL_FEEDBACK_TOKEN).');
        if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
          throw new HttpError(401, 'UNAUTHORIZED', 'The feedback token is missing or wrong.');
        }
        const applied = typeof request.body === 'string' ? await applyMailReport(ctx, request.body, request.headers['content-type']) : null;
        if (!applied) {
          throw new HttpError(
            400,
            'NOT_A_REPORT',
            'A complaint (RFC 5965, with Feedback-Type) or a delivery status notification (RFC 3464, with Action and Status) is expected here.',
          );
        }
        return applied;
      },
    );
  };
}

/** Constant time whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
