import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_HOST_PLACEHOLDER } from '../../shared/prerender';
import type { Config } from '../config';

/** A page's HTML, written by the build: sent as the file, or, when it names the site's host, filled in per request. */
type PrerenderedPage = { file: string } | { file: string; template: string };

/** What a browser may send as Host (a name or address, and a port), and nothing that could carry markup. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** One rendering of a path: for a request whose query has every parameter of `query` (none for the plain page). */
interface PageVariant {
  query: [name: string, value: string][];
  page: PrerenderedPage;
}

/** The prerendered pages of one billing mode, by lower-case path, the variants with most parameters first. */
export type PrerenderedPages = Map<string, PageVariant[]>;

/**
 * The public pages the build wrote to HTML (scripts/prerender.ts, dist/web/prerendered/), by path,
 * for this server's billing mode, which they show (the footer's Pricing link, /pricing). Empty
 * without a build. A page may be written for a query too (/upgrade?journey=b, the second sign-up
 * journey). Paths are matched case-insensitively, as the client router matches them.
 */
export function loadPrerenderedPages(webRoot: string, billing: Config['billing']): PrerenderedPages {
  const manifestFile = path.join(webRoot, 'prerendered', 'pages.json');
  const pages: PrerenderedPages = new Map();
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string>>;
  for (const [renderedFor, name] of Object.entries(manifest[billing] ?? {})) {
    const file = `prerendered/${name}`;
    const html = readFileSync(path.join(webRoot, file), 'utf8');
    const [pagePath, search = ''] = renderedFor.split('?');
    const variants = pages.get(pagePath.toLowerCase()) ?? [];
    variants.push({
      query: [...new URLSearchParams(search)],
      page: html.includes(SITE_HOST_PLACEHOLDER) ? { file, template: html } : { file },
    });
    variants.sort((a, b) => b.query.length - a.query.length);
    pages.set(pagePath.toLowerCase(), variants);
  }
  return pages;
}

/** The page written for the URL's path and for as much of its query as a variant asks; other parameters are the page's script's. */
export function prerenderedPageFor(pages: PrerenderedPages, url: string): PrerenderedPage | undefined {
  const [pagePath, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  return pages.get(pagePath.toLowerCase())?.find(({ query }) => query.every(([name, value]) => params.get(name) === value))?.page;
}

/** Sends the page; one naming the host gets the request's (the plain app shell if that is no host name). */
export function sendPrerenderedPage(page: PrerenderedPage, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  if (!('template' in page)) return reply.sendFile(page.file);
  if (!SAFE_HOST.test(request.host)) return reply.sendFile('index.html');
  return reply.type('text/html; charset=utf-8').send(page.template.replaceAll(SITE_HOST_PLACEHOLDER, request.host));
}
