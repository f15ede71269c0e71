const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a row id at all: anything else is simply not found, without a query. */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}
