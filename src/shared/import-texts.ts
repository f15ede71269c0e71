/*
 * Imports' sources, limits and texts (docs/product/imports-exports.md), without the schemas of
 * portability.ts: an import's worker thread reads these, and a worker that loads zod (with
 * htmlparser2 and yauzl, which it also loads only when a file needs them) takes 0.2–0.5 s and
 * 16 MB more before its first batch (docs/imports-and-exports.md).
 */

/**
 * `stash` reads our own CSV and JSON exports back; `browser-json` Chrome's, Edge's and Firefox's
 * JSON bookmark files; the others name the app that wrote the file; `auto` tells the format from
 * the file itself (naming the app overrides it).
 */
export const importSources = [
  'pocket',
  'netscape',
  'raindrop',
  'instapaper',
  'stash',
  'browser-json',
  'omnivore',
  'linkwarden',
  'karakeep',
  'wallabag',
  'pinboard',
  'readwise',
  'readwise-highlights',
  'auto',
] as const;
export type ImportSource = (typeof importSources)[number];

export const exportFormats = ['csv', 'json', 'html'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** A JSON body on the import route parsed as it comes, at most; a larger one is parsed by the import's worker thread. */
export const MAX_IMPORT_JSON_BYTES = 64 * 1024;
/** How many rows that could not be imported the answer lists with their line numbers. */
export const MAX_ERROR_DETAILS = 20;

export const importMessages = {
  /** docs/product/errors-and-limits.md, Toasts. */
  completed: 'Import completed',
  failed: { title: 'Import failed', text: 'Failed to import data from the other service' },
  /** docs/product/imports-exports.md (the text is each source's `wrongFile`: 'Please select a CSV file' for the CSV ones). */
  invalidFile: 'Invalid file',
  readError: 'Error reading file',
  emptyFile: 'The file is empty',
  tooLarge: 'The file is larger than 50 MB. Split it (Pocket ZIPs can be imported one CSV at a time) and import the parts.',
  notJson: 'The request body must be JSON: { "csvData": "<the file\'s text>" }.',
  tooMuchToRead: 'This file holds too much to import at once. Split it and import the parts.',
  unreadableUpload: 'The upload could not be read: it was cut short or is not multipart/form-data with a file.',
  notAZip: 'This ZIP file could not be read.',
  zipTooLarge: 'The files in this ZIP come to more than 100 MB. Import them one CSV at a time.',
  noCsvInZip: 'There is no CSV file in this ZIP.',
  stillRunning: 'An import of yours is still running.',
  queueFull: 'Too many imports are waiting right now. Please try again in a minute.',
  unrecognised: (what: string, why = 'there is no URL column') => `This does not look like ${what}: ${why}.`,
  invalidUrl: 'Not an http(s) web address',
  bookHighlight: 'A highlight of a book, without a URL: not imported',
  emptyHighlight: 'A highlight without text',
  highlightTooLong: 'A highlight must be at most 5,000 characters',
  missingUrl: 'No URL',
  unreadableRow: 'The row could not be read',
  /** docs/product/imports-exports.md, Rules: a link keeps its first three categories; the answer says which tags were left out. */
  tagsNotKept: (links: number, tags: readonly string[]) =>
    `${links} ${links === 1 ? 'link had' : 'links had'} more than 3 tags; only the first 3 became categories. Not kept: ${tags.join(', ')}.`,
  summary: (imported: number, skipped: number, errors: number) =>
    [
      `Imported ${imported} ${imported === 1 ? 'link' : 'links'}`,
      ...(skipped > 0 ? [`${skipped} already in your stash`] : []),
      ...(errors > 0 ? [`${errors} ${errors === 1 ? 'row' : 'rows'} could not be imported`] : []),
    ].join('; ') + '.',
} as const;

/** What each source's file looks like, for the picker and the file input. */
export const importSourceDetails: Record<ImportSource, { label: string; hint: string; accept: string[]; wrongFile: string }> = {
  pocket: {
    label: 'Pocket',
    hint: "Pocket's export: the ZIP it mailed you, or a CSV inside it.",
    accept: ['.csv', '.zip'],
    wrongFile: 'Please select a CSV file',
  },
  netscape: {
    label: 'Browser bookmarks (HTML)',
    hint: "Any browser's bookmark export, or Pocket's older ril_export.html.",
    accept: ['.html', '.htm'],
    wrongFile: 'Please select an HTML bookmark file',
  },
  raindrop: { label: 'Raindrop.io', hint: "Raindrop's CSV backup.", accept: ['.csv'], wrongFile: 'Please select a CSV file' },
  instapaper: {
    label: 'Instapaper',
    hint: "Instapaper's CSV export (Settings → Export).",
    accept: ['.csv'],
    wrongFile: 'Please select a CSV file',
  },
  stash: {
    label: 'Stash export',
    hint: 'A CSV or JSON file exported from Stash.',
    accept: ['.csv', '.json'],
    wrongFile: 'Please select a CSV or JSON file',
  },
  'browser-json': {
    label: 'Browser bookmarks (JSON)',
    hint: "Chrome's or Edge's Bookmarks file, or a Firefox bookmark backup (bookmarks-….json).",
    accept: ['.json', ''],
    wrongFile: 'Please select a JSON bookmark file',
  },
  omnivore: {
    label: 'Omnivore',
    hint: "Omnivore's export: the ZIP, or a metadata_….json inside it.",
    accept: ['.json', '.zip'],
    wrongFile: 'Please select a JSON or ZIP file',
  },
  linkwarden: {
    label: 'Linkwarden',
    hint: "Linkwarden's JSON export (Settings → Data).",
    accept: ['.json'],
    wrongFile: 'Please select a JSON file',
  },
  karakeep: {
    label: 'Karakeep (Hoarder)',
    hint: "Karakeep's JSON export (Settings → Import / Export).",
    accept: ['.json'],
    wrongFile: 'Please select a JSON file',
  },
  wallabag: {
    label: 'Wallabag',
    hint: "Wallabag's JSON export of all entries.",
    accept: ['.json'],
    wrongFile: 'Please select a JSON file',
  },
  pinboard: { label: 'Pinboard', hint: "Pinboard's JSON backup.", accept: ['.json'], wrongFile: 'Please select a JSON file' },
  readwise: { label: 'Readwise Reader', hint: "Reader's CSV export.", accept: ['.csv'], wrongFile: 'Please select a CSV file' },
  'readwise-highlights': {
    label: 'Readwise highlights',
    hint: "Readwise's CSV export of your highlights: the web pages among them, with their highlights.",
    accept: ['.csv'],
    wrongFile: 'Please select a CSV file',
  },
  auto: {
    label: 'Any of these (recognised from the file)',
    hint: 'An export of any app above: Stash tells which from the file itself.',
    accept: ['.csv', '.zip', '.html', '.htm', '.json', ''],
    wrongFile: 'Please select an export file',
  },
};

/** `''` in a source's `accept` is a file without an extension, such as Chrome's `Bookmarks`. */
export function acceptsFile(source: ImportSource, fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return importSourceDetails[source].accept.some((extension) => (extension === '' ? !lower.includes('.') : lower.endsWith(extension)));
}
