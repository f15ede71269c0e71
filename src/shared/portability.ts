import { z } from 'zod';
import { exportFormats, importMessages, importSources } from './import-texts';

/*
 * Imports and exports (docs/product/imports-exports.md): the sources, the formats, the bodies and
 * answers, and their texts. The server validates with these; the Import/Export tab reuses them.
 * The sources, limits and texts themselves are import-texts.ts, re-exported here.
 */

export * from './import-texts';

export const importParams = z.object({ source: z.enum(importSources) });

/** The original API's `csvData` (docs/product/api.md): the file's text (CSV, or HTML for `netscape`, or JSON for `stash`). */
export const importBody = z.object({ csvData: z.string().min(1, importMessages.emptyFile) });

const importErrorDetail = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  /** The file inside a ZIP, when there were several. */
  file: z.string().optional(),
  message: z.string(),
});

export const importAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Links added. */
  imported: z.number().int(),
  /** Rows that could not be imported (no valid http(s) URL, unreadable). */
  errors: z.number().int(),
  /** Links already in the stash (or twice in the file): not added again. */
  skipped: z.number().int(),
  errorDetails: z.array(importErrorDetail),
  /** Only when some links had more than 3 tags that could be categories: how many, and the first 20 left out. */
  tagsNotKept: z.object({ links: z.number().int(), tags: z.array(z.string()), message: z.string() }).optional(),
});

export const exportParams = z.object({ format: z.enum(exportFormats) });

export type ImportAnswer = z.infer<typeof importAnswer>;
export type ImportErrorDetail = z.infer<typeof importErrorDetail>;
