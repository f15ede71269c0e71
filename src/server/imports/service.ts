import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { permissionUser } from '../auth/current-user';
import type { RequestAuth } from '../auth/request-user';
import { listCustomCategories } from '../categories/service';
import { normaliseForDuplicates } from '../../shared/link-rules';
import { linkMessages } from '../../shared/link-messages';
import { can, type Action } from '../../shared/permissions';
import { importMessages, MAX_ERROR_DETAILS, type ImportAnswer, type ImportBody, type ImportErrorDetail, type ImportSource } from '../../shared/portability';
import { TagsToCategories } from './categories';
import { rowError, type ImportRow, type ParsedItem } from './import-row';
import { insertImport, type ImportBatch, type LinkToInsert } from './insert';
import { sourceParsers } from './sources';

/**
 * At most this many pages are read per import (title, readable copy), after the saves' pages.
 * A fetch takes up to 10 s and four run at a time: 100,000 of them would keep the worker busy
 * for a day and knock on the same few sites thousands of times. The rest show their URL.
 */
export const IMPORT_TITLE_FETCHES = 1000;

/** Links a statement inserts: big enough that round trips do not count, small enough to keep memory flat. */
const IMPORT_BATCH_SIZE = 2000;

export interface ImportOutcome {
  answer: ImportAnswer;
  /** Inserted links whose pages are to be read after the answer. */
  toRead: string[];
}

/**
 * An import (issue 8): every file parsed by the source's parser, tags mapped to categories, pages
 * already in the stash (or earlier in the file) skipped, the rest inserted in one transaction.
 * Rows that cannot be imported are counted with their lines; they never stop the others.
 */
export async function importLinks(ctx: AppContext, auth: RequestAuth, source: ImportSource, body: ImportBody): Promise<ImportOutcome> {
  if (!allowed(ctx, auth, 'saveLink')) throw new HttpError(403, 'TRIAL_EXPIRED', linkMessages.trialExpired.text);
  const files = 'csvData' in body ? [{ name: '', text: body.csvData }] : body.files;
  // Each file's header is checked now, before anything is written. In a ZIP of several, a file
  // that is not an export of the source is one error; the others are still imported.
  const parsed = files.map((file) => {
    if (files.length === 1) return sourceParsers[source](file.text);
    try {
      return sourceParsers[source](file.text, file.name);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) return [rowError(1, error.message, file.name)];
      throw error;
    }
  });
  const customNames = (await listCustomCategories(ctx.database.db, auth.user.id)).map((category) => category.name);
  const tagsToCategories = new TagsToCategories(customNames, allowed(ctx, auth, 'createCustomCategory'));
  const tally = new ImportTally(tagsToCategories, allowed(ctx, auth, 'toggleNewsletterInclusion'));

  const { inserted, toRead } = await insertImport(ctx.database.pool, auth.user.id, tally.batches(parsed), IMPORT_TITLE_FETCHES);
  const skipped = tally.rows - inserted;
  const { notKept } = tagsToCategories;
  return {
    answer: {
      success: true,
      message: importMessages.summary(inserted, skipped, tally.errors),
      imported: inserted,
      errors: tally.errors,
      skipped,
      errorDetails: tally.errorDetails,
      ...(notKept.links > 0 ? { tagsNotKept: { ...notKept, message: importMessages.tagsNotKept(notKept.links, notKept.tags) } } : {}),
    },
    toRead,
  };
}

/** Walks the parsed files into batches of links to insert, counting rows and errors on the way. */
class ImportTally {
  rows = 0;
  errors = 0;
  readonly errorDetails: ImportErrorDetail[] = [];
  private readonly seen = new Set<string>();
  private categoriesMade = 0;

  constructor(
    private readonly tagsToCategories: TagsToCategories,
    private readonly choosesNewsletter: boolean,
  ) {}

  *batches(files: Iterable<ParsedItem>[]): Generator<ImportBatch> {
    let links: LinkToInsert[] = [];
    for (const items of files) {
      for (const item of items) {
        if ('error' in item) {
          this.errors += 1;
          if (this.errorDetails.length < MAX_ERROR_DETAILS) this.errorDetails.push(item.error);
          continue;
        }
        this.rows += 1;
        const link = this.toLink(item.row);
        if (link) links.push(link);
        if (links.length === IMPORT_BATCH_SIZE) {
          yield this.batch(links);
          links = [];
        }
      }
    }
    if (links.length > 0) yield this.batch(links);
  }

  /** The link to insert, or undefined when the same page came earlier in the file. */
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
    };
  }

  private batch(links: LinkToInsert[]): ImportBatch {
    const newCategories = this.tagsToCategories.created.slice(this.categoriesMade);
    this.categoriesMade = this.tagsToCategories.created.length;
    return { links, newCategories };
  }
}

function allowed(ctx: AppContext, auth: RequestAuth, action: Action): boolean {
  return can(permissionUser(auth.user, ctx.config), action, { auth: auth.kind, billing: ctx.config.billing });
}
