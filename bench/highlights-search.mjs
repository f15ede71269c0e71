// `node bench/highlights-search.mjs`: searching one's highlights (src/server/highlights/README.md,
// Search) — goal, a median under 50 ms for GET /api/highlights?q=… over 100,000 highlights of one
// user; and, in the same run, the list without a search (newest first, first page) as the baseline.
// The built server runs in its own process; this process sends the requests one at a time after a
// warm-up. Seeded in SQL (generate_series): 5,000 links (bench/support.mjs), 20 highlights on each,
// every link with a readable copy made of its highlights' passages one after another (so each
// highlight's offsets, prefix and suffix are true of the copy), a note on every fifth. A passage is
// 16 words of a 5,000-word vocabulary (each in ~0.3% of passages); `lantern` and `meadow` are each
// planted in ~10% of them (both in ~1%), `quartz` in 1%, `zyzzyva` in 5. search_vector is a generated
// column (src/server/db/schema/highlights.ts): PostgreSQL fills it on insert, as for the server's.
// Usage: node bench/highlights-search.mjs [--highlights 100000] [--links 5000] [--requests 100]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres. The report is appended to
// bench/RESULTS.md only at the goal's size (100,000 highlights).
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { publishReport, seedLinks, signedInAccount, timePagedGet } from './support.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({
  options: {
    highlights: { type: 'string', default: '100000' },
    links: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '100' },
  },
});
const HIGHLIGHTS = Number(args.highlights);
const LINKS = Math.min(Number(args.links), HIGHLIGHTS);
const REQUESTS = Number(args.requests);
const WARM_UP = 10;

/** What is asked: [what it shows, q, or undefined for the list without a search]. */
// The last word typed is also a prefix (links/search-query.ts): none of these begins another word.
const REQUESTED = [
  ['baseline: no search, newest first, first page', undefined],
  ['a word in ~10% of highlights', 'lantern'],
  ['a word in ~1% of highlights', 'quartz'],
  ['a word in 5 highlights', 'zyzzyva'],
  ['two words, each in ~10%, both in ~1%', 'lantern meadow'],
  ['a word found nowhere', 'nothinglikethis'],
];

ensureBuilt();
const database = await createBenchDatabase('highlights_search');
const stash = await startStash(database.url, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'off' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

try {
  const { userId, headers } = await signedInAccount(stash.url, db, 'pro');
  const seedStarted = performance.now();
  await seedLinks(db, userId, LINKS);
  await seedHighlights(db, userId);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const {
    rows: [size],
  } = await db.query(
    `select count(*)::int as highlights, round(avg(length(exact)))::int as avg_chars,
            pg_size_pretty(pg_total_relation_size('highlights')) as table_size from highlights`,
  );

  const rows = [];
  for (const [what, q] of REQUESTED) {
    const url = `${stash.url}/api/highlights${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`;
    const { total, median, p95 } = await timePagedGet(url, headers, { warmUp: WARM_UP, requests: REQUESTS });
    rows.push(
      `| ${what} | ${q === undefined ? '' : `\`${q}\``} | ${total.toLocaleString('en')} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`,
    );
    console.log(rows.at(-1));
  }

  const load = execSync('uptime').toString().trim();
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 10)} — \`node bench/highlights-search.mjs\` (searching highlights; node ${process.version}, ${execSync('git rev-parse --short HEAD').toString().trim()})`,
    '',
    `${size.highlights.toLocaleString('en')} highlights of one user on ${LINKS.toLocaleString('en')} links with readable copies, passages of on average`,
    `${size.avg_chars} characters, a note on every fifth; highlights with their indexes ${size.table_size}; seeded in ${seedSeconds.toFixed(0)} s.`,
    `The built server in its own process, ${REQUESTS} requests one at a time per row after ${WARM_UP} to warm up, each answer a page`,
    `of 20 with its links and the total (goal: median under 50 ms). Machine load at the end: \`${load}\`.`,
    '',
    '| request | q | total | median ms | p95 ms |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  if (HIGHLIGHTS >= 100_000) publishReport(report);
  else console.log(`${report}\nSmaller than the goal (100,000 highlights): not added to bench/RESULTS.md.`);
} finally {
  await db.end();
  await stash.stop();
  await database.drop();
}

/**
 * HIGHLIGHTS highlights dealt round the user's links, one every 10 seconds back from now; each link's
 * copy is its passages in order, one space apart, with the counters and card fields the worker and
 * service.ts keep on the link.
 */
async function seedHighlights(db, userId) {
  await db.query(
    `create temp table bench_links as
     select id, url, created_at, row_number() over (order by created_at desc, id) as n from links where user_id = $1`,
    [userId],
  );
  await db.query(
    `create temp table bench_quotes as
     select i, l.id as link_id, l.url, l.created_at as link_created_at, now() - i * interval '10 seconds' as created_at,
            upper(left(w.words, 1)) || substr(w.words, 2)
              || case when abs(hashtext(i || 'lantern')) % 10 = 0 then ' lantern' else '' end
              || case when abs(hashtext(i || 'meadow')) % 10 = 0 then ' meadow' else '' end
              || case when i % 100 = 42 then ' quartz' else '' end
              || case when i % ($1::int / 5) = 7 then ' zyzzyva' else '' end
              || '.' as exact,
            case when i % 5 = 0 then 'Remember word' || abs(hashtext(i || 'note')) % 5000 || ' for later' end as note
     from generate_series(1, $1::int) i
     join bench_links l on l.n = 1 + (i - 1) % $2::int
     cross join lateral (select string_agg('word' || abs(hashtext(i || '-' || k)) % 5000, ' ') as words from generate_series(1, 16) k) w`,
    [HIGHLIGHTS, LINKS],
  );
  await db.query(
    `insert into highlights (user_id, link_id, exact, prefix, suffix, start_offset, end_offset, note, created_at, updated_at)
     select $1, link_id, exact, right(coalesce(before || ' ', ''), 32), left(coalesce(' ' || after, ''), 32), start, start + length(exact), note, created_at, created_at
     from (select *, lag(exact) over w as before, lead(exact) over w as after,
                  coalesce(sum(length(exact) + 1) over (w rows between unbounded preceding and 1 preceding), 0)::int as start
           from bench_quotes window w as (partition by link_id order by i)) q`,
    [userId],
  );
  await db.query(
    `insert into page_copies (link_id, user_id, link_created_at, kind, url, site_name, excerpt, text, html, word_count, reading_minutes)
     select link_id, $1, link_created_at, 'article', url, 'Example', left(body, 200), body, '<p>' || body || '</p>', count * 17, 2
     from (select link_id, link_created_at, url, string_agg(exact, ' ' order by i) as body, count(*) as count
           from bench_quotes group by link_id, link_created_at, url) c`,
    [userId],
  );
  await db.query(
    `update links set content_status = 'ready', site_name = 'Example', reading_minutes = 2, excerpt = p.excerpt,
            highlight_count = (select count(*) from highlights h where h.link_id = links.id)
     from page_copies p where p.link_id = links.id and links.user_id = $1`,
    [userId],
  );
  const {
    rows: [{ misplaced }],
  } = await db.query(
    `select count(*)::int as misplaced from highlights h join page_copies p using (link_id)
     where substr(p.text, h.start_offset + 1, h.end_offset - h.start_offset) <> h.exact
        or right(left(p.text, h.start_offset), 32) <> h.prefix or substr(p.text, h.end_offset + 1, 32) <> h.suffix`,
  );
  if (misplaced > 0) throw new Error(`${misplaced} seeded highlights do not match their link's copy`);
  await db.query('vacuum analyze links');
  await db.query('vacuum analyze page_copies');
  await db.query('vacuum analyze highlights');
}
