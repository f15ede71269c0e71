/** A unique constraint refused the write (PostgreSQL 23505), whether or not Drizzle wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
