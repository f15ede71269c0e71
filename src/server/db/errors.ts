/** A unique constraint refused the write (PostgreSQL 23505), whether or not Drizzle wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Node's network errors and PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P
 * (shut down, starting up), plus node-postgres's own words for a connection it lost or never got.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** The database could not be reached (down, restarting, out of connections), as opposed to refusing a query. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnreachable)) return true;
    if (UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
