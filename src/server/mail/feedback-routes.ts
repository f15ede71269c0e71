import { createHash, timingSafeEqual } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { errorAnswer, HttpError } from '../http/errors';
import { isComplaint, readFeedbackReport } from './feedback-report';
import { suppressAddress } from './suppression';

const feedbackAnswer = z.object({
  /** Addresses that get no more digests because of this report. */
  suppressed: z.number().int(),
});

/** The forms a report arrives in: the whole multipart/report, or a provider's forwarded copy of it. */
const REPORT_TYPES = /^(multipart\/report|message\/(rfc822|feedback-report)|text\/plain)\b/i;

/**
 * POST /api/webhooks/mail-feedback: complaint reports (ARF) from a mailbox provider's feedback loop,
 * forwarded by the mail server or the sending service with `Authorization: Bearer MAIL_FEEDBACK_TOKEN`.
 * A complaint stops digests to that address, as a hard bounce does. It carries no cookie and no
 * Origin, so the origin check lets it through; the token is its authentication.
 */
export function mailFeedbackRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post(
      '/api/webhooks/mail-feedback',
      {
        schema: {
          tags: ['mail'],
          summary: 'Complaint reports (RFC 5965), with Authorization: Bearer MAIL_FEEDBACK_TOKEN',
          response: { 200: feedbackAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
        },
      },
      async (request) => {
        const token = ctx.config.mailFeedbackToken;
        if (!token) throw new HttpError(404, 'NOT_FOUND', 'Complaint reports are not enabled on this server (MAIL_FEEDBACK_TOKEN).');
        if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
          throw new HttpError(401, 'UNAUTHORIZED', 'The feedback token is missing or wrong.');
        }
        const report = typeof request.body === 'string' ? readFeedbackReport(request.body) : null;
        if (!report) throw new HttpError(400, 'NOT_A_REPORT', 'An Abuse Reporting Format (RFC 5965) report with a Feedback-Type field is expected here.');
        if (!isComplaint(report) || report.outboxIds.length === 0) return { suppressed: 0 };

        const reported = await ctx.database.db
          .select({ userId: mailOutbox.userId, to: mailOutbox.to })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, report.outboxIds));
        let suppressed = 0;
        for (const { userId, to } of reported) {
          if (userId && (await suppressAddress(ctx.database.db, { userId, email: to, reason: 'complaint' }))) suppressed++;
        }
        ctx.log.info({ feedbackType: report.feedbackType, reported: report.outboxIds.length, suppressed }, 'mail complaint received');
        return { suppressed };
      },
    );
  };
}

/** Constant time whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
