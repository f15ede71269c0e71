import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ImportedHighlight } from './import-row';

/** One link ready to insert: checked, categorised, not yet in the file before it. */
export interface LinkToInsert {
  url: string;
  normalizedUrl: string;
  title: string | null;
  description: string | null;
  notes: string | null;
  categories: string[];
  includeInNewsletter: boolean;
  readAt: Date | null;
  createdAt: Date | null;
  highlights: ImportedHighlight[];
}

/**
 * A batch of links as the worker thread hands it over: the links as JSON in bytes of their own
 * (moved, not copied, between the threads, and never objects on the event loop's heap), and the
 * custom categories they need that were not made for an earlier batch.
 */
export interface ImportBatch {
  rows: Uint8Array;
  newCategories: string[];
  /** Called once the batch is in the database: its bytes may be written over (in-worker.ts hands them back). */
  inserted?: () => void;
}

/**
 * A link as the INSERT reads it (json_to_recordset below): one-letter keys, and a value that is null
 * or the default left out (undefined is not written), as the JSON is the largest thing an import
 * makes — twice the file with the columns' names — and PostgreSQL parses it. Times are milliseconds
 * since 1970: a Date would make JSON.stringify call its toJSON, the slowest part. Each link is
 * written as it is counted (parse/tally.ts), so that a batch waiting to be full holds strings, not
 * 2,000 links' objects that outlive the worker's young generation (bench/RESULTS.md).
 */
export function encodeLink(link: LinkToInsert): string {
  return JSON.stringify({
    u: link.url,
    n: link.normalizedUrl,
    t: link.title ?? undefined,
    d: link.description ?? undefined,
    o: link.notes ?? undefined,
    c: link.categories.length > 0 ? link.categories : undefined,
    i: link.includeInNewsletter ? undefined : false,
    r: link.readAt?.getTime(),
    a: link.createdAt?.getTime(),
    h:
      link.highlights.length > 0
        ? link.highlights.map((h) => ({ exact: h.exact, note: h.note, color: h.color, created_at: h.createdAt }))
        : undefined,
  });
}

/**
 * A batch's links (each `encodeLink`'s JSON) as one JSON array in bytes. Written into `spare`, an
 * earlier batch's bytes handed back by the main thread, when they fit: bytes moved to the event loop
 * and dropped there wait for V8 to collect them, 0.5 MB a batch, and grew the server by up to 27 MB
 * in a 100,000-row import (docs/imports-and-exports.md).
 */
export function encodeBatch(encodedLinks: string[], spare?: ArrayBuffer): Uint8Array {
  const json = `[${encodedLinks.join(',')}]`;
  const encoder = new TextEncoder();
  // New bytes with room to spare, so that when they come back the next batches fit in them too.
  for (const bytes of [spare, new ArrayBuffer(json.length * 2)]) {
    if (!bytes) continue;
    const { read, written } = encoder.encodeInto(json, new Uint8Array(bytes));
    if (read === json.length) return new Uint8Array(bytes, 0, written);
  }
  return encoder.encode(json);
}

export interface InsertOutcome {
  inserted: number;
  /** Ids of inserted links without a title, up to the limit asked for. */
  toRead: string[];
}

// Any fixed number, other than the other advisory locks'; combined with the user's id below.
const IMPORT_LOCK = 7_362_003;

/*
 * A batch in one statement: its rows arrive as one JSON document (json_to_recordset), so the
 * statement's parameters are the same whatever the batch size and PostgreSQL plans it once (`json`:
 * where the document comes from, `batchJson` below). A row whose page the user already has (normalized_url, by its index; earlier batches of this import
 * included) is left out; custom categories are found by the unique (user, lower(name)) index for
 * category_id. An inserted link's highlights (Readwise's) go in with it, as quotes (anchored = false)
 * that the page's reading finds in its copy (highlights/reanchor.ts). One row comes back: the count and
 * some ids. imported_at is the transaction's start, and a read state from the file is never later than
 * it: read before the import (see links.importedAt). With imported_at set, the links go in without
 * their search vectors, filled after the answer (docs/links-and-pages.md, A link's search vector).
 */
const insertBatchSql = (json: { from: string; before?: string }) => `
  with ${json.before ?? ''} input as (
    select * from json_to_recordset(${json.from})
      as l(u text, n text, t text, d text, o text, c jsonb, i bool, r float8, a float8, h jsonb)
  ),
  inserted as (
    insert into links (user_id, url, normalized_url, title, description, notes, category, categories, category_id, include_in_newsletter, read_at, created_at, imported_at, highlight_count)
    select $1, i.u, i.n, i.t, i.d, i.o, i.c ->> 0, coalesce(i.c, '[]'), c.id,
           coalesce(i.i, true), case when i.r is not null then least(to_timestamp(i.r / 1000), now()) end, coalesce(to_timestamp(i.a / 1000), now()), now(),
           coalesce(jsonb_array_length(i.h), 0)
    from input i
    left join categories c on c.user_id = $1 and lower(c.name) = lower(i.c ->> 0)
    where not exists (select from links l where l.user_id = $1 and l.normalized_url = i.n)
    returning id, normalized_url
  ),
  marked as (
    insert into highlights (user_id, link_id, exact, start_offset, end_offset, color, note, anchored, created_at, updated_at)
    select $1, n.id, h.exact, 0, length(h.exact), h.color, h.note, false, coalesce(h.created_at, now()), coalesce(h.created_at, now())
    from inserted n
    join input i on i.n = n.normalized_url
    cross join lateral jsonb_to_recordset(i.h) as h(exact text, note text, color text, created_at timestamptz)
  )
  select count(*)::int as inserted, coalesce((array_agg(id))[1:$2::int], '{}') as "toRead" from inserted`;

/**
 * How a batch's JSON reaches its statement. On PostgreSQL it is copied (COPY … FROM STDIN, by
 * pg-copy-streams) into a one-row temporary table that the statement empties as it reads it: pg
 * sends a parameter by copying it into buffers it grows, garbage outside the event loop's heap until
 * V8 collects it (5 to 26 MB of buffers during a 100,000-row import, against 1 MB copied), while a
 * COPY writes the worker's bytes to the socket as they are. The table is the connection's own, created by the first import on it, emptied at every
 * commit or rollback. PGlite's socket does not take COPY FROM STDIN (it drops the connection), so on
 * PGlite the bytes are the statement's third parameter.
 */
const batchJson = {
  copied: {
    name: 'imports.insert-copied-batch',
    text: insertBatchSql({ before: 'batch as (delete from import_batch returning json),', from: '(select json from batch)::json' }),
  },
  parameter: { name: 'imports.insert-batch', text: insertBatchSql({ from: "convert_from($3::bytea, 'UTF8')::json" }) },
};

const CREATE_BATCH_TABLE = 'create temporary table if not exists import_batch (json text) on commit delete rows';

/*
 * COPY's CSV with a delimiter and a quote that JSON never holds (it writes every control character as
 * an escape, line breaks too): the batch's bytes are one value of one row, read as they are.
 */
const COPY_BATCH = "copy import_batch from stdin (format csv, delimiter e'\\x01', quote e'\\x02')";

const INSERT_CATEGORIES = 'insert into categories (user_id, name) select $1, unnest($2::text[]) on conflict do nothing';

/**
 * Inserts an import in one transaction: each batch's new custom categories, then its links, and at
 * the end the user's link count (imports are not this month's saves). While PostgreSQL inserts a
 * batch, the next one is read from the file (`batches` is lazy: a worker thread parses ahead). Imports of one user take turns
 * (an advisory lock), so two at once cannot both add the same page.
 */
export async function insertImport(
  pool: pg.Pool,
  userId: string,
  batches: AsyncIterable<ImportBatch>,
  options: { toReadWanted: number; copy: boolean },
): Promise<InsertOutcome> {
  const outcome: InsertOutcome = { inserted: 0, toRead: [] };
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK, userId]);
    if (options.copy) await client.query(CREATE_BATCH_TABLE);
    const insertBatch = options.copy ? insertCopiedBatch : insertBatchAsParameter;
    let running: Promise<void> | undefined;
    for await (const batch of batches) {
      await running;
      if (batch.newCategories.length > 0) await client.query(INSERT_CATEGORIES, [userId, batch.newCategories]);
      running = insertBatch(client, userId, batch.rows, Math.max(0, options.toReadWanted - outcome.toRead.length)).then((result) => {
        outcome.inserted += result.inserted;
        outcome.toRead.push(...result.toRead);
        batch.inserted?.();
      });
      // Until the batch's answer, a failure would otherwise go unobserved.
      running.catch(() => {});
    }
    await running;
    await client.query('update users set link_count = link_count + $2 where id = $1', [userId, outcome.inserted]);
    await client.query('commit');
    return outcome;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

type BatchInsert = (client: pg.PoolClient, userId: string, rows: Uint8Array, toReadWanted: number) => Promise<InsertOutcome>;

const insertCopiedBatch: BatchInsert = async (client, userId, rows, toReadWanted) => {
  const copy = client.query(copyFrom(COPY_BATCH));
  await pipeline(Readable.from([bytesOf(rows), '\n']), copy);
  return batchOutcome(client, batchJson.copied, [userId, toReadWanted]);
};

const insertBatchAsParameter: BatchInsert = (client, userId, rows, toReadWanted) =>
  batchOutcome(client, batchJson.parameter, [userId, toReadWanted, bytesOf(rows)]);

async function batchOutcome(client: pg.PoolClient, statement: { name: string; text: string }, values: unknown[]): Promise<InsertOutcome> {
  const {
    rows: [outcome],
  } = await client.query<InsertOutcome>({ ...statement, values });
  return outcome;
}

const bytesOf = (rows: Uint8Array) => Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength);
