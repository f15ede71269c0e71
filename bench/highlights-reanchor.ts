// Finding highlights again after a page was read anew (src/server/highlights/README.md, Anchoring):
// goal, re-anchoring 500 highlights on a 20,000-word article whose copy changed in under 200 ms.
// The article is generated (sentences of 6 to 22 words drawn from ~3,000 made-up words and a few
// common ones, so a quote is found once), with 500 highlights of 5 to 30 words spread over it,
// described with describeAnchor as the reader does. Then the copy changes as a re-read changes it:
// a new paragraph after the first (every highlight shifts), two words edited inside one quoted
// passage in 10 (found approximately), one passage in 50 deleted (not found), the rest unchanged.
// Timed twice, after a warm-up round each: `reanchor` over all of them in this process (the
// compute alone: wall and CPU time a round), and the whole `reanchorLinkHighlights` against
// PostgreSQL (the link locked, the highlights and the copy read, one UPDATE written), with the
// highlights put back to their old places before each round. Each round checks where each was
// found against where it is known to be now. Bundled as the server is, like bench/digest-render.ts:
//   npx esbuild bench/highlights-reanchor.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=dist/highlights-reanchor-bench.mjs && node dist/highlights-reanchor-bench.mjs \
//     [--words 20000] [--highlights 500] [--rounds 20] [--no-database]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres (a database of its own,
// dropped at the end). The report is appended to bench/RESULTS.md only at the goal's size.
import { randomBytes } from 'node:crypto';
import { execSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connect } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { projectRoot } from '../src/server/paths';
import { reanchor } from '../src/server/highlights/anchoring';
import { reanchorLinkHighlights } from '../src/server/highlights/reanchor';
import { describeAnchor, type TextAnchor } from '../src/shared/highlight-anchor';

const { values: args } = parseArgs({
  options: {
    words: { type: 'string', default: '20000' },
    highlights: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '20' },
    'no-database': { type: 'boolean', default: false },
  },
});
const WORDS = Number(args.words);
const HIGHLIGHTS = Number(args.highlights);
const ROUNDS = Number(args.rounds);
const FULL_SIZE = WORDS >= 20_000 && HIGHLIGHTS >= 500;

// Seeded, so every run re-anchors the same article.
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

const SYLLABLES = 'ka lo mi ren sta vel dor pin qua tes bri mon gal fer ux ol nar sim pel cor dra ven tul wis hap'.split(' ');
const VOCABULARY = [
  ...new Set(Array.from({ length: 4000 }, () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join(''))),
];
const COMMON = 'the of and to in a is that for it as with was on by at from this but not are or'.split(' ');
const word = () => (random() < 0.3 ? pick(COMMON) : pick(VOCABULARY));

/** The article's text and where each of its words is (sentences in paragraphs of 3 to 8, blank lines between). */
function article(wordCount: number) {
  let text = '';
  const words: { start: number; end: number }[] = [];
  while (words.length < wordCount) {
    if (text) text += '\n\n';
    for (let sentences = 3 + Math.floor(random() * 6), s = 0; s < sentences && words.length < wordCount; s++) {
      if (s > 0) text += ' ';
      for (let n = 6 + Math.floor(random() * 17), w = 0; w < n; w++) {
        if (w > 0) text += random() < 0.08 ? ', ' : ' ';
        const next = w === 0 ? word().replace(/^./, (c) => c.toUpperCase()) : word();
        words.push({ start: text.length, end: text.length + next.length });
        text += next;
      }
      text += '.';
    }
  }
  return { text, words };
}

type Fate = 'kept' | 'edited' | 'deleted';
interface Planted {
  anchor: TextAnchor;
  fate: Fate;
  /** Where the passage begins in the changed copy; undefined when it was deleted. */
  startNow?: number;
}

/** The highlights over the old text, and the new text with each one's fate and new place. */
function changedCopy() {
  const { text, words } = article(WORDS);
  const firstBreak = text.indexOf('\n\n');
  const firstWord = words.findIndex((w) => w.start > firstBreak);
  const spacing = Math.floor((words.length - firstWord) / HIGHLIGHTS);
  const planted: (Planted & { words: { start: number; end: number }[] })[] = Array.from({ length: HIGHLIGHTS }, (_, i) => {
    const from = firstWord + i * spacing + Math.floor(random() * Math.min(5, spacing));
    const length = Math.max(5, Math.min(5 + Math.floor(random() * 26), spacing - 5));
    const quoted = words.slice(from, from + length);
    const fate: Fate = i % 50 === 17 ? 'deleted' : i % 10 === 3 ? 'edited' : 'kept';
    return { anchor: describeAnchor(text, quoted[0].start, quoted.at(-1)!.end), fate, words: quoted };
  });

  const paragraph = Array.from({ length: 4 }, () => {
    const sentence = Array.from({ length: 12 }, word).join(' ');
    return sentence[0].toUpperCase() + sentence.slice(1) + '.';
  }).join(' ');
  let copy = `${text.slice(0, firstBreak)}\n\n${paragraph}`;
  let at = firstBreak;
  for (const each of planted) {
    copy += text.slice(at, each.anchor.start);
    at = each.anchor.end;
    if (each.fate === 'deleted') {
      // "… one quote two …" becomes "… one two …".
      if (text[at] === ' ') at++;
      continue;
    }
    each.startNow = copy.length;
    let quote = each.anchor.exact;
    if (each.fate === 'edited') {
      // Two words inside the passage (never its first or last) read differently now.
      const inner = each.words.slice(1, -1);
      const first = Math.floor(random() * inner.length);
      const second = (first + 1 + Math.floor(random() * (inner.length - 1))) % inner.length;
      const edited = [inner[first], inner[second]].sort((a, b) => b.start - a.start);
      for (const w of edited) {
        const from = w.start - each.anchor.start;
        let other = pick(VOCABULARY);
        while (other === quote.slice(from, from + w.end - w.start)) other = pick(VOCABULARY);
        quote = quote.slice(0, from) + other + quote.slice(from + w.end - w.start);
      }
    }
    copy += quote;
  }
  copy += text.slice(at);
  return { text, copy, planted: planted.map(({ words: _, ...each }): Planted => each) };
}

/** How the highlights were found: exactly, approximately (the quote now reads differently), not at all, and found elsewhere than where they are. */
function tally(planted: Planted[], found: (TextAnchor | null)[]) {
  const counts = { exact: 0, approximate: 0, notFound: 0, misplaced: 0 };
  found.forEach((now, i) => {
    const { anchor, fate, startNow } = planted[i];
    if (!now) counts.notFound++;
    else if (now.exact === anchor.exact) counts.exact++;
    else counts.approximate++;
    // An approximate match may take or leave a character at its edges.
    const misplaced = fate === 'deleted' ? now !== null : !now || Math.abs(now.start - startNow!) > (fate === 'edited' ? 3 : 0);
    if (misplaced) counts.misplaced++;
  });
  return counts;
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];
const ms = (value: number) => value.toFixed(1);

const { text, copy, planted } = changedCopy();
const fates = { kept: 0, edited: 0, deleted: 0 };
for (const each of planted) fates[each.fate]++;
console.log(
  `${WORDS.toLocaleString('en')} words (${text.length.toLocaleString('en')} characters, ${copy.length.toLocaleString('en')} after the change); ` +
    `${HIGHLIGHTS} highlights: ${fates.kept} unchanged, ${fates.edited} edited, ${fates.deleted} deleted`,
);

// The compute alone.
const anchors = planted.map((each) => each.anchor);
let found = anchors.map((anchor) => reanchor(copy, anchor));
const walls: number[] = [];
const cpus: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  found = anchors.map((anchor) => reanchor(copy, anchor));
  walls.push(performance.now() - started);
  const { user, system } = process.cpuUsage(cpu);
  cpus.push((user + system) / 1000);
}
walls.sort((a, b) => a - b);
cpus.sort((a, b) => a - b);
const counts = tally(planted, found);
const computeLine =
  `reanchor over all ${HIGHLIGHTS}, ${ROUNDS} rounds: median ${ms(median(walls))} ms, worst ${ms(walls.at(-1)!)} ms ` +
  `(CPU median ${ms(median(cpus))} ms); found exactly ${counts.exact}, approximately ${counts.approximate}, not found ${counts.notFound}, ` +
  `misplaced ${counts.misplaced}`;
console.log(computeLine);

const databaseLine = args['no-database'] ? undefined : await throughPostgres();
if (databaseLine) console.log(databaseLine);

if (FULL_SIZE) {
  const load = execSync('uptime').toString().trim();
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 10)} — \`node dist/highlights-reanchor-bench.mjs\` (re-anchoring highlights; node ${process.version}, ${commit})`,
    '',
    `${WORDS.toLocaleString('en')} generated words (${copy.length.toLocaleString('en')} characters after the change), ${HIGHLIGHTS} highlights of 5 to 30 words;`,
    `the copy changed by a paragraph inserted after the first, two words edited in ${fates.edited} passages, ${fates.deleted} passages deleted`,
    `(goal: under 200 ms). Machine load at the end: \`${load}\`.`,
    '',
    `- ${computeLine}.`,
    ...(databaseLine ? [`- ${databaseLine}.`] : []),
    '',
  ].join('\n');
  appendFileSync(path.join(projectRoot, 'bench', 'RESULTS.md'), report);
} else {
  console.log('Smaller than the goal (20,000 words, 500 highlights): not added to bench/RESULTS.md.');
}

/** reanchorLinkHighlights on one link of a fresh database: the link, its new copy, the highlights at their old places. */
async function throughPostgres(): Promise<string> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `stash_bench_reanchor_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const database = connect(Object.assign(new URL(server), { pathname: `/${name}` }).toString());
  try {
    const { pool } = database;
    await runMigrations(pool);
    const {
      rows: [{ id: userId }],
    } = await pool.query(`insert into users (email) values ('reanchor@bench.example') returning id`);
    const {
      rows: [{ id: linkId, created_at: createdAt }],
    } = await pool.query(
      `insert into links (user_id, url, normalized_url, title, highlight_count) values ($1, $2, $2, 'A long read', $3) returning id, created_at`,
      [userId, 'https://example.com/long-read', HIGHLIGHTS],
    );
    await pool.query(
      `insert into page_copies (link_id, user_id, link_created_at, kind, url, text, html, word_count)
       values ($1, $2, $3, 'article', 'https://example.com/long-read', $4, '<p></p>', $5)`,
      [linkId, userId, createdAt, copy, WORDS],
    );
    const old = JSON.stringify(anchors);
    await pool.query(
      `insert into highlights (user_id, link_id, exact, prefix, suffix, start_offset, end_offset)
       select $1, $2, v.exact, v.prefix, v.suffix, v.start, v."end"
       from jsonb_to_recordset($3::jsonb) as v(exact text, prefix text, suffix text, start integer, "end" integer)`,
      [userId, linkId, old],
    );
    await pool.query('vacuum analyze highlights');
    // The anchors were planted in reading order: the i-th by start is the i-th anchor.
    const { rows: ids } = await pool.query('select id from highlights where link_id = $1 order by start_offset', [linkId]);
    const placed = JSON.stringify(anchors.map((anchor, i) => ({ ...anchor, id: ids[i].id })));
    // Back to the old text's places before each round, so every round has all of them to move.
    const restore = () =>
      pool.query(
        `update highlights h set exact = v.exact, prefix = v.prefix, suffix = v.suffix, start_offset = v.start, end_offset = v."end", anchored = true
         from jsonb_to_recordset($2::jsonb) as v(id uuid, exact text, prefix text, suffix text, start integer, "end" integer)
         where h.link_id = $1 and h.id = v.id`,
        [linkId, placed],
      );
    const times: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      await restore();
      const started = performance.now();
      await reanchorLinkHighlights(database.db, linkId);
      if (round > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const {
      rows: [after],
    } = await pool.query(
      `select count(*) filter (where anchored)::int as anchored, count(*) filter (where not anchored)::int as not_anchored from highlights where link_id = $1`,
      [linkId],
    );
    return (
      `reanchorLinkHighlights against PostgreSQL, ${ROUNDS} rounds after one to warm up: median ${ms(median(times))} ms, worst ${ms(times.at(-1)!)} ms; ` +
      `afterwards ${after.anchored} anchored, ${after.not_anchored} not found in the current copy`
    );
  } finally {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}
