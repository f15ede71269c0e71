/** The one look of every select, native or not: the height, border and text of an input. */
export const selectClass =
  'h-10 rounded-md border border-border bg-background px-3 text-sm disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';
