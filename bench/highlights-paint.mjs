// `node bench/highlights-paint.mjs` (docs/reading.md, Highlights): main-thread time the reader spends
// painting 200 highlights when it opens (goal: under 50 ms on the machine's Chromium). The built
// server runs in its own process against a database of its own (READ_PAGES=on, ALLOW_PRIVATE_FETCH=on);
// this process serves a 6,000-word article, saves it, waits for its readable copy and adds 200
// highlights through the API, spread over the copy. Chromium (playwright-core, /usr/bin/chromium or
// CHROMIUM_PATH) opens /read/:id through a plain HTTP relay in this process that holds the
// highlights' answer back until the article is on screen (Playwright's request interception would
// hand the answer to the page through DevTools, which costs the renderer 30–40 ms of its own), so
// the article's own render, the same with or without highlights, is left out. Then the answer is
// let through and Chrome's own counters (CDP Performance.getMetrics: TaskDuration, ScriptDuration,
// LayoutDuration, RecalcStyleDuration) are read before and after: the answer's arrival and parsing,
// React's render, finding the passages in the DOM, wrapping them in <mark>, and the style, layout
// and paint of the frames that follow.
// No script of the benchmark's runs in the page while it counts (no polling every frame): the end is
// the reader's own user-timing mark `stash:highlights-painted`, awaited through one
// PerformanceObserver, and the counters are read 300 ms later, once the frames are drawn.
// Also reported: the time from the answer's last byte (Resource Timing) to the mark, and the tasks of
// 50 ms or more (Long Tasks API) in the window.
// Usage: node bench/highlights-paint.mjs [--highlights 200 --words 6000 --runs 7]
import { execSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { publishReport, signedInAccount } from './support.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({
  options: {
    highlights: { type: 'string', default: '200' },
    words: { type: 'string', default: '6000' },
    runs: { type: 'string', default: '7' },
  },
});
const HIGHLIGHTS = Number(args.highlights);
const RUNS = Number(args.runs);
const CONTEXT = 32;

const WORDS = `harbour tide lantern ferry evening reading garden letter window river market bridge morning island
  quiet promise paper candle winter summer station journey kitchen library harvest mountain village`.split(/\s+/);
function article(wordCount) {
  const paragraphs = [];
  let n = 0;
  while (n < wordCount) {
    const sentences = [];
    for (let s = 0; s < 5; s++) {
      const words = Array.from({ length: 12 }, (_, i) => WORDS[(n + i * 7 + s * 3) % WORDS.length]);
      words[0] = words[0][0].toUpperCase() + words[0].slice(1);
      sentences.push(`${words.slice(0, 5).join(' ')} <em>${words.slice(5, 8).join(' ')}</em> ${words.slice(8).join(' ')} ${n}.`);
      n += 13;
    }
    paragraphs.push(`<p>${sentences.join(' ')}</p>`);
    if (paragraphs.length % 8 === 0) paragraphs.push(`<h2>Part ${paragraphs.length / 8}</h2>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long evening</title></head>
<body><article><h1>A long evening</h1>${paragraphs.join('\n')}</article></body></html>`;
}

ensureBuilt();
const html = article(Number(args.words));
const site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const database = await createBenchDatabase('highlights_paint');
const stash = await startStash(database.url, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

try {
  const account = await signedInAccount(stash.url, db, 'pro');
  const api = async (method, path, body) => {
    const response = await fetch(`${stash.url}${path}`, {
      method,
      headers: { ...account.headers, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { link } = await api('POST', '/api/links', { url: `http://127.0.0.1:${site.address().port}/long-evening` });
  for (let tries = 0; (await api('GET', `/api/links/${link.id}`)).contentStatus !== 'ready'; tries++) {
    if (tries > 300) throw new Error('the article was not read within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const { text } = await api('GET', `/api/links/${link.id}/content`);
  // 200 passages of 6 to 20 words, evenly spread, each starting and ending on a word.
  const step = Math.floor(text.length / HIGHLIGHTS);
  for (let i = 0; i < HIGHLIGHTS; i++) {
    const start = text.indexOf(' ', i * step) + 1;
    let end = start;
    for (let w = 0; w < 6 + (i % 15); w++) end = text.indexOf(' ', end + 1);
    await api('POST', `/api/links/${link.id}/highlights`, {
      exact: text.slice(start, end),
      prefix: text.slice(Math.max(0, start - CONTEXT), start),
      suffix: text.slice(end, end + CONTEXT),
      start,
      end,
      color: ['yellow', 'green', 'blue', 'pink'][i % 4],
      note: i % 5 === 0 ? `Note ${i}` : undefined,
    });
  }

  let held = Promise.resolve();
  const relay = createServer((incoming, outgoing) => {
    const forward = () =>
      incoming.pipe(
        request(new URL(incoming.url, stash.url), { method: incoming.method, headers: incoming.headers }, (answer) => {
          outgoing.writeHead(answer.statusCode, answer.headers);
          answer.pipe(outgoing);
        }),
      );
    if (incoming.url === `/api/links/${link.id}/highlights`) held.then(forward);
    else forward();
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${relay.address().port}`;

  const load = execSync('uptime').toString().trim();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(
    account.headers.cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: relayUrl };
    }),
  );
  const runs = [];
  for (let run = 0; run <= RUNS; run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let release;
    held = new Promise((resolve) => (release = resolve));
    await page.goto(`${relayUrl}/read/${link.id}`);
    await page.locator('.reader-article p').first().waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    await page.evaluate(() => {
      window.benchLongTasks = [];
      new PerformanceObserver((list) => window.benchLongTasks.push(...list.getEntries().map((task) => task.duration))).observe({
        type: 'longtask',
      });
    });
    const painted = cdp.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('stash:highlights-painted').length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'mark' }))`,
      awaitPromise: true,
    });
    const before = await metrics(cdp);
    release();
    await Promise.race([
      painted,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no stash:highlights-painted mark within 30 s')), 30_000)),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await metrics(cdp);
    const seen = await page.evaluate((path) => {
      const answer = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path);
      const [mark] = performance.getEntriesByName('stash:highlights-painted');
      return {
        focusable: document.querySelectorAll('mark.stash-highlight[tabindex="0"]').length,
        answerToPainted: mark.startTime - answer.responseEnd,
        longTasks: window.benchLongTasks,
      };
    }, `/api/links/${link.id}/highlights`);
    if (seen.focusable !== HIGHLIGHTS) throw new Error(`${seen.focusable} of ${HIGHLIGHTS} highlights were painted`);
    // The first run warms the caches (the scripts' compilation); it is not counted.
    if (run > 0) {
      runs.push({
        ...Object.fromEntries(Object.keys(after).map((key) => [key, (after[key] - before[key]) * 1000])),
        AnswerToPainted: seen.answerToPainted,
        LongTasks: seen.longTasks.length,
      });
    }
    await page.close();
  }
  relay.close();
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const max = (key) => Math.max(...runs.map((r) => r[key]));
  const ms = (value) => `${value.toFixed(1)} ms`;
  const lines = [
    `\n### Highlights painted when the reader opens (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)\n`,
    `\`node bench/highlights-paint.mjs --highlights ${HIGHLIGHTS} --words ${args.words} --runs ${RUNS}\`; commit ${execSync('git rev-parse --short HEAD').toString().trim()}; load: ${load}\n`,
    `Copy: ${text.length.toLocaleString('en')} characters; ${HIGHLIGHTS} highlights. Main-thread time from the answer's release to all painted and 300 ms later (no script of the benchmark's in the page meanwhile), over ${RUNS} runs (after one warm-up):\n`,
    '| counter | median | max |',
    '| --- | --- | --- |',
    ...['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map(
      (key) => `| ${key} | ${ms(median(key))} | ${ms(max(key))} |`,
    ),
    `| answer's last byte → all painted (wall clock) | ${ms(median('AnswerToPainted'))} | ${ms(max('AnswerToPainted'))} |`,
    `| tasks of 50 ms or more (Long Tasks API) | ${median('LongTasks')} | ${max('LongTasks')} |`,
    '',
    `Goal: TaskDuration under 50 ms — ${median('TaskDuration') < 50 ? 'met' : 'NOT met'}.\n`,
  ];
  publishReport(lines.join('\n'));
} finally {
  await browser.close();
  await db.end();
  await stash.stop();
  await database.drop();
  site.close();
}

async function metrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const pick = (name) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    TaskDuration: pick('TaskDuration'),
    ScriptDuration: pick('ScriptDuration'),
    RecalcStyleDuration: pick('RecalcStyleDuration'),
    LayoutDuration: pick('LayoutDuration'),
  };
}
