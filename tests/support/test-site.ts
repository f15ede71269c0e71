import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSite {
  /** Base URL without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** What every article of the site says about itself, for tests of link cards. */
export const testSiteArticle = {
  siteName: 'Local Times',
  description: 'A local article about reading lists, saved pages and the evenings spent reading them.',
  /** About 670 words: at 230 words a minute, 3 minutes of reading. */
  readingMinutes: 3,
};

const paragraph =
  'Reading lists grow faster than evenings do, so the pages we save wait for a quiet hour that rarely comes. Each saved page is a promise to read later.';
const body = Array.from({ length: 23 }, () => `<p>${paragraph}</p>`).join('');
const favicon = readFileSync(new URL('../../src/extension/icons/icon-16.png', import.meta.url));

/**
 * A local web site of one-page articles: GET /<anything> answers an article titled after its
 * path ("Local article: <path>"), with a site name, a description and about three minutes of
 * text; /favicon.ico is a small PNG.
 */
export async function startTestSite(): Promise<TestSite> {
  const server: Server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').slice(1).split('?')[0]) || 'home';
    if (name === 'favicon.ico') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(favicon);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Local article: ${name.replace(/[<&>"]/g, '')}</title>` +
        `<meta property="og:site_name" content="${testSiteArticle.siteName}"><meta name="description" content="${testSiteArticle.description}"></head>` +
        `<body><article><h1>An article</h1>${body}</article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
