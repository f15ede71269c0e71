// `node bench/search.mjs`: My Stash's search inside articles (docs/product/links.md, Search) — the median latency
// of GET /api/links/history?q=… over 100,000 links that all have a readable copy, against PostgreSQL.
// The built server runs in its own process; this process sends the requests one at a time (so a
// latency is the search's own, not a queue's), after a warm-up, and appends the figures to
// bench/RESULTS.md. Links are seeded in SQL (generate_series): six-word titles (bench/support.mjs)
// and article bodies of 40 sentences drawn from a pool of 5,000 (10 words of a 2,000-word vocabulary
// and one word of the sentence's own each), so a body word is in about 18% of the articles, a
// sentence's own word in about 0.8%, and one planted word in 10; one article in 100 ends with a
// Japanese sentence (text without spaces, searched by pairs of characters: docs/search.md).
// Usage: node bench/search.mjs [--links 100000] [--requests 100]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { publishReport, seedLinks, signedInAccount, timePagedGet } from './support.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({
  options: { links: { type: 'string', default: '100000' }, requests: { type: 'string', default: '100' } },
});
const LINKS = Number(args.links);
const REQUESTS = Number(args.requests);
const WARM_UP = 10;

/** What is searched: [what it shows, the typed text]. */
// The last word typed is also a prefix (search-query.ts): `term1999` and `rare4999` are no word's
// beginning but their own; `rare` begins every article's sentence words.
const SEARCHES = [
  ['a title word (~6% of titles)', 'postgres'],
  ['a body-only word in ~0.8% of articles', 'rare4999'],
  ['a body-only word in 10 articles', 'zyzzyva'],
  ['a body-only word in ~18% of articles', 'term1999'],
  ['two body words', 'term1999 rare4999'],
  ['an unfinished word in every article', 'rare'],
  ['a word found nowhere', 'nothinglikethis'],
  ['Japanese: a word inside a run of characters, in ~1% of articles', '東京'],
  ['Japanese: three characters (two pairs in a row)', '東京湾'],
];

ensureBuilt();
const database = await createBenchDatabase('search');
const stash = await startStash(database.url, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'off' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

try {
  const { userId, headers } = await signedInAccount(stash.url, db, 'pro');
  const seedStarted = performance.now();
  await seedLinks(db, userId, LINKS);
  await seedArticles(db, userId);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const {
    rows: [size],
  } = await db.query(
    `select count(*)::int as copies, round(avg(length(text)))::int as avg_chars, round(avg(word_count))::int as avg_words,
            pg_size_pretty(pg_total_relation_size('page_copies')) as table_size from page_copies`,
  );

  const rows = [];
  for (const [what, q] of SEARCHES) {
    const url = `${stash.url}/api/links/history?q=${encodeURIComponent(q)}`;
    const { total, median, p95 } = await timePagedGet(url, headers, { warmUp: WARM_UP, requests: REQUESTS });
    rows.push(`| ${what} | \`${q}\` | ${total.toLocaleString('en')} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`);
    console.log(rows.at(-1));
  }

  const load = execSync('uptime').toString().trim();
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 10)} — \`node bench/search.mjs\` (search inside articles; node ${process.version})`,
    '',
    `${LINKS.toLocaleString('en')} links of one user, every one with a readable copy: ${size.copies.toLocaleString('en')} copies of on average ${size.avg_words} words`,
    `(${size.avg_chars.toLocaleString('en')} characters) of text; page_copies with its search index ${size.table_size}; seeded in ${seedSeconds.toFixed(0)} s.`,
    `The built server in its own process, ${REQUESTS} requests one at a time per search after ${WARM_UP} to warm up, each answer`,
    `a page of 20 with its matched words in context (ts_headline). Machine load at the end: \`${load}\`.`,
    '',
    '| search | q | matches | median ms | p95 ms |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  publishReport(report);
} finally {
  await db.end();
  await stash.stop();
  await database.drop();
}

/** A readable copy for every link of the user, the cards' fields copied onto the links as the worker does. */
async function seedArticles(db, userId) {
  await db.query(`
    create temp table sentences as
    select s, initcap(string_agg('term' || (abs(hashtext(s || '-' || k)) % 2000), ' ')) || ' rare' || s || '.' as sentence
    from generate_series(1, 5000) s cross join generate_series(1, 10) k group by s`);
  await db.query(
    `insert into page_copies (link_id, user_id, link_created_at, kind, url, site_name, excerpt, text, html, word_count, reading_minutes)
     select l.id, l.user_id, l.created_at, 'article', l.url, 'Example', left(b.body, 200), b.body, '<p>' || b.body || '</p>', 440, 2
     from links l
     cross join (select array_agg(sentence order by s) as pool from sentences) p
     cross join lateral (select string_agg(p.pool[1 + abs(hashtext(l.id::text || j)) % 5000], ' ') as body from generate_series(1, 40) j) b
     where l.user_id = $1`,
    [userId],
  );
  await db.query(
    `update page_copies set text = text || ' A zyzzyva was here.' where link_id in (select id from links where user_id = $1 order by created_at limit 10 offset $2)`,
    [userId, Math.floor(LINKS / 20)],
  );
  await db.query(
    `update page_copies set text = text || ' 東京都は日本の首都です。東京湾に面しています。' where link_id in (select id from links where user_id = $1 and abs(hashtext(id::text)) % 100 = 0)`,
    [userId],
  );
  await db.query(
    `update links set content_status = 'ready', site_name = 'Example', reading_minutes = 2, excerpt = p.excerpt from page_copies p where p.link_id = links.id and links.user_id = $1`,
    [userId],
  );
  await db.query('vacuum analyze links');
  await db.query('vacuum analyze page_copies');
  await settle(db);
}

/**
 * Until the bulk load's after-effects are over: the dirty pages written out (CHECKPOINT) and no
 * autovacuum worker left on this database, so that the searches are timed on a database at rest,
 * as a user's is, and not beside the seeding's own clean-up.
 */
async function settle(db) {
  await db.query('checkpoint');
  const workers = `select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'autovacuum worker'`;
  for (let waited = 0; waited < 600 && (await db.query(workers)).rows[0].n > 0; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
