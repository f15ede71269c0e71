import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnreachable } from '../db/errors';
import { HttpError } from './http-error';

/** The one error shape of the API: { message, code, fields? } (docs/product/errors-and-limits.md, API errors). */
interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  requestId?: string;
}

/** ApiErrorBody as a response schema, for routes to declare their error answers. */
export const errorAnswer = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

export { HttpError } from './http-error';

const fastifyCodes: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty but says it is JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not accepted here.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header does not match the body.' },
};

/** A 413's message: the route's limit, in KB. */
function tooLargeMessage(limitBytes: number | undefined): string {
  return limitBytes
    ? `The request body is too large: this request takes at most ${Math.round(limitBytes / 1024)} KB.`
    : 'The request body is too large.';
}

/** How long a client is asked to wait while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, code: 'VALIDATION', fields } satisfies ApiErrorBody);
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, fields: error.fields } satisfies ApiErrorBody);
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          message: 'Stash cannot reach its database right now. Please try again in a moment.',
          code: 'UNAVAILABLE',
        } satisfies ApiErrorBody);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ message: tooLargeMessage(request.routeOptions.bodyLimit), code: 'BODY_TOO_LARGE' } satisfies ApiErrorBody);
    }
    if (known) return reply.status(status).send({ message: known.message, code: known.code } satisfies ApiErrorBody);
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
      requestId: request.id,
    } satisfies ApiErrorBody);
  });
}
