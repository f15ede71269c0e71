/**
 * The columns of our CSV export, in order; the `stash` import reads them back by these names.
 * Three category columns rather than one joined cell: a custom category's name may hold any
 * separator, and a link has at most three. The excerpt (what Stash read of the page) is last; the
 * import leaves it out, as the page is read again.
 */
export const STASH_CSV_COLUMNS = [
  'url',
  'title',
  'description',
  'notes',
  'category1',
  'category2',
  'category3',
  'include_in_newsletter',
  'read_at',
  'created_at',
  'excerpt',
] as const;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab, carriage return or NUL before one)
 * as a formula: such cells get a leading apostrophe. A cell that already starts with apostrophes
 * before one of those gets one more, so reading back (removing one) gives the original exactly.
 */
const FORMULA_START = /^'*[=+\-@\t\r\0]/;

export function protectCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function unprotectCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
