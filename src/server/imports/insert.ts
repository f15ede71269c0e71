import type pg from 'pg';

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
}

/** A batch of links, and the custom categories they need that were not made for an earlier batch. */
export interface ImportBatch {
  links: LinkToInsert[];
  newCategories: string[];
}

export interface InsertOutcome {
  inserted: number;
  /** Ids of inserted links without a title, up to the limit asked for. */
  toRead: string[];
}

// Any fixed number, other than the other advisory locks'; combined with the user's id below.
const IMPORT_LOCK = 7_362_003;

/*
 * A batch in one statement: the rows arrive as one array per column (unnest), so the statement has
 * eleven parameters whatever the batch size and PostgreSQL plans it once. A row whose page the
 * user already has (normalized_url, by its index) is left out; custom categories are found by the
 * unique (user, lower(name)) index for category_id. One row comes back: the count and some ids.
 */
const INSERT_BATCH = `
  with input as (
    select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[], $9::timestamptz[], $10::timestamptz[])
      as t(url, normalized_url, title, description, notes, categories, include_in_newsletter, read_at, created_at)
  ),
  inserted as (
    insert into links (user_id, url, normalized_url, title, description, notes, category, categories, category_id, include_in_newsletter, read_at, created_at)
    select $1, i.url, i.normalized_url, i.title, i.description, i.notes, i.categories::jsonb ->> 0, i.categories::jsonb, c.id,
           i.include_in_newsletter, i.read_at, coalesce(i.created_at, now())
    from input i
    left join categories c on c.user_id = $1 and lower(c.name) = lower(i.categories::jsonb ->> 0)
    where not exists (select from links l where l.user_id = $1 and l.normalized_url = i.normalized_url)
    returning id
  )
  select count(*)::int as inserted, coalesce((array_agg(id))[1:$11::int], '{}') as "toRead" from inserted`;

const INSERT_CATEGORIES = 'insert into categories (user_id, name) select $1, unnest($2::text[]) on conflict do nothing';

/**
 * Inserts an import in one transaction: each batch's new custom categories, then its links, and at
 * the end the user's link count (imports are not this month's saves). While PostgreSQL inserts a
 * batch, the next one is read from the file (`batches` is lazy: a worker thread parses ahead). Imports of one user take turns
 * (an advisory lock), so two at once cannot both add the same page.
 */
export async function insertImport(pool: pg.Pool, userId: string, batches: AsyncIterable<ImportBatch>, toReadWanted: number): Promise<InsertOutcome> {
  const outcome: InsertOutcome = { inserted: 0, toRead: [] };
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK, userId]);
    let running: Promise<void> | undefined;
    for await (const batch of batches) {
      await running;
      if (batch.newCategories.length > 0) await client.query(INSERT_CATEGORIES, [userId, batch.newCategories]);
      running = insertBatch(client, userId, batch.links, Math.max(0, toReadWanted - outcome.toRead.length)).then((result) => {
        outcome.inserted += result.inserted;
        outcome.toRead.push(...result.toRead);
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

async function insertBatch(client: pg.PoolClient, userId: string, links: LinkToInsert[], toReadWanted: number): Promise<InsertOutcome> {
  const { rows } = await client.query<InsertOutcome>({
    name: 'imports.insert-batch',
    text: INSERT_BATCH,
    values: [
      userId,
      links.map((link) => link.url),
      links.map((link) => link.normalizedUrl),
      links.map((link) => link.title),
      links.map((link) => link.description),
      links.map((link) => link.notes),
      links.map((link) => JSON.stringify(link.categories)),
      links.map((link) => link.includeInNewsletter),
      links.map((link) => link.readAt),
      links.map((link) => link.createdAt),
      toReadWanted,
    ],
  });
  return rows[0];
}
