// What the benchmarks share: an account signed in to the running server, links seeded straight into
// the database (so setting up 100,000 links takes seconds, not an hour of POSTs), a generated Pocket
// export, a process's memory, autocannon in a process of its own, the server's event-loop delay, a
// published category, and the mail benchmarks' SMTP sink and pre-rendered baseline.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** The columns a link answer is made of, for the baselines' SELECTs. */
export const linkColumns = 'id, url, title, description, notes, category, categories, include_in_newsletter, read_at, created_at';

let signUps = 0;

/** Registers through the API (so the session is real), then puts the account on the given plan. */
export async function signedInAccount(stashUrl, db, accountType = 'pro') {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const response = await fetch(`${stashUrl}/api/auth/register`, {
    method: 'POST',
    // Each from an address of its own, as people sign up (the server trusts a proxy on loopback):
    // the per-address sign-up limit (docs/product/accounts.md, Sign-up floods) would refuse the 50 users of one scenario.
    headers: { 'content-type': 'application/json', origin: stashUrl, 'x-forwarded-for': `198.51.100.${(signUps++ % 250) + 1}` },
    body: JSON.stringify({ email, password: 'bench password 1234', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (response.status !== 201) throw new Error(`sign-up for the benchmark failed: ${response.status} ${await response.text()}`);
  const { userId } = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  await db.query('update users set account_type = $2 where id = $1', [userId, accountType]);
  return { userId, headers: { cookie, origin: stashUrl } };
}

const WORDS = `postgres react index query cache server browser design rust python garden recipe travel music
  climate budget health sleep coffee bicycle camera history science space ocean forest mountain city train
  startup product marketing writing reading novel poetry film series podcast interview essay review guide
  tutorial security privacy network database storage memory compiler language typescript javascript golang
  kernel linux windows mobile android iphone design typography color layout animation testing deploy cloud
  pricing invoice taxes salary career remote office meeting email calendar habit fitness running yoga diet`
  .split(/\s+/)
  .filter(Boolean);

/**
 * `count` links for the user, one a minute back from now, with six-word titles drawn from a
 * vocabulary of ~100 words (each word in ~6% of titles), rotating preset categories; then the
 * user's link count, and fresh planner statistics as a database in steady state has.
 */
export async function seedLinks(db, userId, count) {
  await db.query(
    `insert into links (user_id, url, normalized_url, title, notes, category, categories, created_at)
     select $1, 'https://example.com/' || i || '/' || w1, 'https://example.com/' || i || '/' || w1,
            initcap(w1) || ' ' || w2 || ' ' || w3 || ' ' || w4 || ' ' || w5 || ' ' || w6,
            case when i % 5 = 0 then 'Notes about ' || w2 end,
            c, jsonb_build_array(c), now() - i * interval '1 minute'
     from generate_series(1, $2::int) i
     cross join lateral (select
       ($3::text[])[1 + abs(hashtext(i || 'a')) % cardinality($3::text[])] w1,
       ($3::text[])[1 + abs(hashtext(i || 'b')) % cardinality($3::text[])] w2,
       ($3::text[])[1 + abs(hashtext(i || 'c')) % cardinality($3::text[])] w3,
       ($3::text[])[1 + abs(hashtext(i || 'd')) % cardinality($3::text[])] w4,
       ($3::text[])[1 + abs(hashtext(i || 'e')) % cardinality($3::text[])] w5,
       ($3::text[])[1 + abs(hashtext(i || 'f')) % cardinality($3::text[])] w6,
       (array['Article','Blog','News','Tutorial','Video'])[1 + i % 5] c) words`,
    [userId, count, WORDS],
  );
  await db.query('update users set link_count = link_count + $2 where id = $1', [userId, count]);
  await db.query('vacuum analyze links');
}

/** Rows as Pocket writes them: one a few minutes apart over years, 30% archived, tags on most. */
export function generateRows(count) {
  const words = [
    'Rust',
    'Postgres',
    'café',
    'naïve',
    'Zürich',
    'Tōkyō',
    'garden',
    'recipes',
    'budget',
    '"quoted"',
    'comma,',
    'design',
    'über',
    'São Paulo',
    'climate',
    'sleep',
    'Ελληνικά',
    'кириллица',
    '日本語',
    'music',
  ];
  const tags = ['news', 'reading list', 'Tech', 'work', 'Café', 'longreads', 'video', 'to cook', 'Ünïcode tag', 'science'];
  const start = Math.floor(Date.now() / 1000) - 8 * 365 * 24 * 3600;
  return Array.from({ length: count }, (_, i) => {
    const pick = (list, salt) => list[(i * 7919 + salt * 104729) % list.length];
    const title =
      i % 97 === 0
        ? ''
        : `${pick(words, 1)} ${pick(words, 2)}: what ${pick(words, 3)}, ${pick(words, 4)} and "${pick(words, 5)}" teach us (part ${i})`;
    const tagCount = i % 4;
    return {
      title,
      url: `https://${pick(['www.example.com', 'blog.example.org', 'news.example.net', 'medium.example.com'], 6)}/${i}/${encodeURIComponent(pick(words, 7))}?utm_source=pocket&id=${i}`,
      timeAdded: start + i * 150,
      tags: Array.from({ length: tagCount }, (_, t) => pick(tags, 8 + t)).filter((tag, t, all) => all.indexOf(tag) === t),
      archived: i % 10 < 3,
    };
  });
}

export function pocketCsv(rows) {
  const quote = (cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = ['title,url,time_added,cursor,tags,status'];
  for (const row of rows)
    lines.push(
      [quote(row.title), quote(row.url), row.timeAdded, '', quote(row.tags.join('|')), row.archived ? 'archive' : 'unread'].join(','),
    );
  return `${lines.join('\n')}\n`;
}

/** A process's resident memory now, and its peak since start (or since `clear_refs`), in MB. */
export function rssOf(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

export function peakOf(pid) {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** CPU time (user + system, ms) of a process, or of one of its threads, from /proc; Linux counts 100 ticks a second. */
export function cpuMsOf(pid, thread) {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (ms) of each PostgreSQL backend serving the database `db` is connected to, but `db`'s
 * own, by pid; `applicationName` keeps only the connections that gave that name (`!name`: all but
 * them). Backends that close between two readings are missed.
 */
export async function postgresCpuOf(db, applicationName) {
  const only = applicationName?.startsWith('!') ? 'and application_name <> $1' : applicationName ? 'and application_name = $1' : '';
  const { rows } = await db.query(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() ${only}`,
    applicationName ? [applicationName.replace(/^!/, '')] : [],
  );
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMsOf(pid));
    } catch {
      // Gone since, or on another machine: not counted.
    }
  }
  return cpu;
}

/** The CPU time spent between two postgresCpuOf readings, in ms. */
export function postgresCpuSpent(before, after) {
  return [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
}

/** prom-client's longest event-loop delay since the previous scrape of the server at `url`, in ms. */
export async function eventLoopLagMaxMs(url, metricsToken) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  return Number(/^stash_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)[1]) * 1000;
}

/**
 * autocannon in a process of its own: for `seconds`, or until `stop()` (its standard input is
 * closed). `result` is autocannon's summary.
 */
export function measure(target, { seconds, untilStopped = false }) {
  const script = `
    import autocannon from 'autocannon';
    const target = ${JSON.stringify(target)};
    const instance = autocannon({ ...target, duration: ${untilStopped ? 3600 : seconds} });
    ${untilStopped ? "process.stdin.on('end', () => instance.stop()).resume();" : ''}
    instance.then((result) => process.stdout.write(JSON.stringify(result)));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    stdio: [untilStopped ? 'pipe' : 'ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const result = new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`autocannon exited ${code}`)))),
  );
  return untilStopped ? { stop: () => child.stdin.end(), result } : result;
}

/** A benchmark's report, printed and added to bench/RESULTS.md. */
/**
 * A paged GET timed one request at a time after `warmUp` untimed ones: its `pagination.total` and
 * the median and 95th percentile of `requests` answers, in ms.
 */
export async function timePagedGet(url, headers, { warmUp, requests }) {
  const get = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()).pagination.total;
  };
  let total = 0;
  for (let i = 0; i < warmUp; i++) total = await get();
  const times = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const quantile = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { total, median: quantile(0.5), p95: quantile(0.95) };
}

export function publishReport(report) {
  console.log(report);
  appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), report);
}

/**
 * A handle for the account, a custom category `name` made and published through the API, as its
 * owner does in Settings; answers the category's id, the handle and the page's path.
 */
export async function publishedCategory(stashUrl, headers, name) {
  const api = async (method, url, body) => {
    const response = await fetch(`${stashUrl}${url}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} for the benchmark failed: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { handle } = await api('PUT', '/api/user/handle', { handle: `bench-${randomBytes(5).toString('hex')}` });
  const { id } = await api('POST', '/api/categories', { name });
  const { publicUrl } = await api('PATCH', `/api/categories/${id}`, { public: true });
  return { categoryId: id, handle, path: new URL(publicUrl).pathname };
}

/**
 * bench/smtp-sink.mjs in a process of its own: `expect(n)` resolves with { received, at } once n
 * more messages have arrived.
 */
export async function startSmtpSink() {
  const child = fork(path.join(import.meta.dirname, 'smtp-sink.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return {
    port,
    expect(count) {
      child.send({ expect: count });
      return new Promise((resolve) => child.once('message', resolve));
    },
    stop: () => child.kill(),
  };
}

/**
 * The mail benchmarks' baseline: the outbox's messages of `template` that Stash sent, sent again
 * already rendered through a nodemailer pool made as src/server/mail/transport.ts makes it, timed
 * from the first send to the sink's receiving the last.
 */
export async function sendPreRendered({ db, smtpUrl, sink, template }) {
  const { rows } = await db.query('select id, "to", subject, html, text, headers from mail_outbox where template = $1', [template]);
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const delivered = sink.expect(rows.length);
  const started = Date.now();
  await Promise.all(
    rows.map((row) =>
      transporter.sendMail({
        messageId: `<${row.id}@localhost>`,
        from: 'Stash <digest@localhost>',
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
      }),
    ),
  );
  const { at } = await delivered;
  transporter.close();
  return { messages: rows.length, seconds: (at - started) / 1000 };
}
