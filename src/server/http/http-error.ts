/*
 * Kept apart from errors.ts (which needs Fastify) so code that runs in a worker thread, such as
 * the import parsers, can throw it without loading the web framework.
 */

/** An error a service throws on purpose: its status, code and message reach the client as they are. */
export class HttpError extends Error {
  /** Response headers that belong to the error, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
