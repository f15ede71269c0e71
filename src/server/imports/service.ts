import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { permissionUser } from '../auth/current-user';
import type { RequestAuth } from '../auth/request-user';
import { listCustomCategories } from '../categories/service';
import { linkMessages } from '../../shared/link-messages';
import { can, type Action } from '../../shared/permissions';
import { importMessages, type ImportAnswer, type ImportSource } from '../../shared/portability';
import { insertImport } from './insert';
import { WorkerParse } from './parse/in-worker';
import type { ImportInput } from './parse/upload-files';

/**
 * At most this many pages are read per import (title, readable copy), after the saves' pages.
 * A fetch takes up to 10 s and four run at a time: 100,000 of them would keep the worker busy
 * for a day and knock on the same few sites thousands of times. The rest show their URL.
 */
const IMPORT_PAGE_READS = 1000;

export interface ImportOutcome {
  answer: ImportAnswer;
  /** Inserted links whose pages are to be read after the answer. */
  toRead: string[];
}

/**
 * An import (docs/product/imports-exports.md): the file streamed through its parser in a worker thread (parse/), tags
 * mapped to categories, pages already in the stash (or earlier in the file) skipped, the rest
 * inserted batch by batch as they come, in one transaction. Rows that cannot be imported are counted with their lines; they never stop the others.
 */
export async function importLinks(ctx: AppContext, auth: RequestAuth, source: ImportSource, input: ImportInput): Promise<ImportOutcome> {
  if (!allowed(ctx, auth, 'saveLink')) throw new HttpError(403, 'TRIAL_EXPIRED', linkMessages.trialExpired.text);
  const customNames = (await listCustomCategories(ctx, auth.user.id)).map((category) => category.name);
  const parse = new WorkerParse(
    {
      source,
      input,
      customNames,
      mayCreateCategories: allowed(ctx, auth, 'createCustomCategory'),
      choosesNewsletter: allowed(ctx, auth, 'toggleNewsletterInclusion'),
    },
    ctx.config.imports.workerMemoryMb,
  );
  const { inserted, toRead } = await insertImport(ctx.database.pool, auth.user.id, parse.batches(), {
    toReadWanted: IMPORT_PAGE_READS,
    // The embedded database (PGlite) is the one without a DATABASE_URL.
    copy: ctx.config.databaseUrl !== undefined,
  });
  const { rows, errors, errorDetails, notKept } = parse.counts!;
  const skipped = rows - inserted;
  return {
    answer: {
      success: true,
      message: importMessages.summary(inserted, skipped, errors),
      imported: inserted,
      errors,
      skipped,
      errorDetails,
      ...(notKept.links > 0 ? { tagsNotKept: { ...notKept, message: importMessages.tagsNotKept(notKept.links, notKept.tags) } } : {}),
    },
    toRead,
  };
}

function allowed(ctx: AppContext, auth: RequestAuth, action: Action): boolean {
  return can(permissionUser(auth.user, ctx.config), action, { auth: auth.kind, billing: ctx.config.billing });
}
