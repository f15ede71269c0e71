import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { migrationsFolder } from '../paths';
import { runMigrations } from './migrate';

/** The migrations as they stood before the queue of pages to read was renamed (up to 0014). */
function migrationsBeforeRename(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'stash-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const renameAt = journal.entries.findIndex((entry) => entry.tag === '0015_page_reads');
  journal.entries = journal.entries.slice(0, renameAt);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ emptyDatabase: true });
});
afterAll(async () => t?.close());

describe('renaming title_fetches to page_reads', () => {
  it('keeps the links that were waiting to be read, with their due time, tries and priority', async () => {
    const pool = t.ctx.database.pool;
    // Back to an empty database, then the schema as it was before the rename.
    await pool.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    const before = migrationsBeforeRename();
    try {
      await migrate(drizzle(pool), { migrationsFolder: before });
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
    const user = await pool.query<{ id: string }>("insert into users (email) values ('reader@example.com') returning id");
    const link = await pool.query<{ id: string }>(
      "insert into links (user_id, url, normalized_url) values ($1, 'https://example.com/a', 'example.com/a') returning id",
      [user.rows[0].id],
    );
    const linkId = link.rows[0].id;
    await pool.query("insert into title_fetches (link_id, due_at, tries, priority) values ($1, '2026-01-02T03:04:05Z', 1, 1)", [linkId]);

    await runMigrations(pool);

    const { rows } = await pool.query('select link_id, due_at, tries, priority from page_reads');
    expect(rows).toEqual([{ link_id: linkId, due_at: new Date('2026-01-02T03:04:05Z'), tries: 1, priority: 1 }]);
    const oldTable = await pool.query("select to_regclass('public.title_fetches') as name");
    expect(oldTable.rows[0].name).toBeNull();
    const constraints = await pool.query<{ conname: string; contype: string }>(
      "select conname, contype from pg_constraint where conrelid = 'page_reads'::regclass order by conname",
    );
    expect(constraints.rows.filter((r) => r.contype !== 'n').map((r) => r.conname)).toEqual([
      'page_reads_link_id_links_id_fk',
      'page_reads_pkey',
    ]);
    expect(constraints.rows.filter((r) => !r.conname.startsWith('page_reads_'))).toEqual([]);
    const indexes = await pool.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'page_reads' order by indexname",
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['page_reads_pkey', 'page_reads_priority_due_idx']);
    // The link's row still goes with the link.
    await pool.query('delete from links where id = $1', [linkId]);
    expect((await pool.query('select count(*)::int as n from page_reads')).rows[0].n).toBe(0);
  });
});
