import { normaliseForDuplicates } from '../../../shared/link-rules';
import { MAX_ERROR_DETAILS } from '../../../shared/import-texts';
import type { ImportErrorDetail } from '../../../shared/portability';
import type { TagsToCategories } from '../categories';
import type { ImportRow, ParsedItem } from '../import-row';
import { encodeBatch, encodeLink, type ImportBatch, type LinkToInsert } from '../insert';

/** Links a statement inserts: big enough that round trips do not count, small enough to keep memory flat. */
const IMPORT_BATCH_SIZE = 2000;

/** What a tally counted once every file was read: the answer's counts besides `imported`. */
export interface ImportCounts {
  rows: number;
  errors: number;
  errorDetails: ImportErrorDetail[];
  notKept: { links: number; tags: string[] };
}

/** Walks the parsed files into batches of links to insert, counting rows and errors on the way. */
export class ImportTally {
  rows = 0;
  errors = 0;
  readonly errorDetails: ImportErrorDetail[] = [];
  /**
   * The pages of the batch being filled. A page of an earlier batch needs no remembering here: the
   * batch's INSERT skips pages the user has, those of earlier batches included (insert.ts), so the
   * worker's memory does not grow with the file.
   */
  private seen = new Set<string>();
  private categoriesMade = 0;

  constructor(
    private readonly tagsToCategories: TagsToCategories,
    private readonly choosesNewsletter: boolean,
    /** Bytes of inserted batches, handed back to be written over (insert.ts, encodeBatch). */
    private readonly spareBytes: ArrayBuffer[],
  ) {}

  async *batches(files: Iterable<Promise<AsyncIterable<ParsedItem>>>): AsyncGenerator<ImportBatch> {
    // Each link's JSON, written as it comes (insert.ts, encodeLink).
    let links: string[] = [];
    for (const items of files) {
      for await (const item of await items) {
        if ('error' in item) {
          this.errors += 1;
          if (this.errorDetails.length < MAX_ERROR_DETAILS) this.errorDetails.push(item.error);
          continue;
        }
        this.rows += 1;
        const link = this.toLink(item.row);
        if (link) links.push(encodeLink(link));
        if (links.length === IMPORT_BATCH_SIZE) {
          yield this.batch(links);
          links = [];
          this.seen = new Set();
        }
      }
    }
    if (links.length > 0) yield this.batch(links);
  }

  counts(): ImportCounts {
    return { rows: this.rows, errors: this.errors, errorDetails: this.errorDetails, notKept: this.tagsToCategories.notKept };
  }

  /** The link to insert, or undefined when the same page came earlier in the batch. */
  private toLink(row: ImportRow): LinkToInsert | undefined {
    const normalizedUrl = normaliseForDuplicates(row.url);
    if (this.seen.has(normalizedUrl)) return undefined;
    this.seen.add(normalizedUrl);
    return {
      url: row.url,
      normalizedUrl,
      title: row.title,
      description: row.description ?? null,
      notes: row.notes,
      categories: this.tagsToCategories.categoriesFor(row.tags),
      includeInNewsletter: this.choosesNewsletter ? (row.includeInNewsletter ?? true) : true,
      readAt: row.readAt,
      createdAt: row.createdAt,
      highlights: row.highlights ?? [],
    };
  }

  private batch(encodedLinks: string[]): ImportBatch {
    const newCategories = this.tagsToCategories.created.slice(this.categoriesMade);
    this.categoriesMade = this.tagsToCategories.created.length;
    return { rows: encodeBatch(encodedLinks, this.spareBytes.pop()), newCategories };
  }
}
