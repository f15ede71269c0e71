// One side of bench/extraction.mjs, in a process of its own (run with `node --import tsx`, as it reads the TypeScript sources): reads the corpus with the project's
// extraction (the fetched page's bytes decoded as the worker does, then extractArticle) on the DOM
// named in argv (linkedom or jsdom), ROUNDS times, and prints pages a second and the process's peak RSS.
import { JSDOM } from 'jsdom';
import { extractionCorpus } from './extraction-corpus.mjs';
import { extractArticle, parseWithLinkedom } from '../src/server/pages/read/extract-article.ts';
import { decodeHtml } from '../src/server/pages/fetch/decode-html.ts';

const dom = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
const windows = [];
const parseWithJsdom = (html, url) => {
  const { window } = new JSDOM(html, { url });
  windows.push(window);
  return window.document;
};
const parse = dom === 'jsdom' ? parseWithJsdom : parseWithLinkedom;
const corpus = extractionCorpus();

const read = () => {
  let articles = 0;
  for (const page of corpus) {
    if (extractArticle(decodeHtml(page.body, page.contentType), page.url, parse).html) articles++;
    for (const window of windows.splice(0)) window.close();
  }
  return articles;
};
read(); // warm-up: the JIT, not the corpus, is measured otherwise
const started = performance.now();
let articles = 0;
for (let i = 0; i < rounds; i++) articles = read();
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    dom,
    pages: corpus.length * rounds,
    articles,
    seconds,
    pagesPerSecond: (corpus.length * rounds) / seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
