import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_HOST_PLACEHOLDER } from '../../shared/prerender';
import type { Config } from '../config';

/** A page's HTML, written by the build: sent as the file, or, when it names the site's host, filled in per request. */
type PrerenderedPage = { file: string } | { file: string; template: string };

/** What a browser may send as Host (a name or address, and a port), and nothing that could carry markup. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The public pages the build wrote to HTML (scripts/prerender.ts, dist/web/prerendered/), by path,
 * for this server's billing mode, which they show (the footer's Pricing link, /pricing). Empty
 * without a build. Paths are matched without the query string and case-insensitively, as the
 * client router matches them.
 */
export function loadPrerenderedPages(webRoot: string, billing: Config['billing']): Map<string, PrerenderedPage> {
  const manifestFile = path.join(webRoot, 'prerendered', 'pages.json');
  const pages = new Map<string, PrerenderedPage>();
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string>>;
  for (const [pagePath, name] of Object.entries(manifest[billing] ?? {})) {
    const file = `prerendered/${name}`;
    const html = readFileSync(path.join(webRoot, file), 'utf8');
    pages.set(pagePath.toLowerCase(), html.includes(SITE_HOST_PLACEHOLDER) ? { file, template: html } : { file });
  }
  return pages;
}

export function prerenderedPageFor(pages: Map<string, PrerenderedPage>, url: string): PrerenderedPage | undefined {
  return pages.get(url.split('?')[0].toLowerCase());
}

/** Sends the page; one naming the host gets the request's (the plain app shell if that is no host name). */
export function sendPrerenderedPage(page: PrerenderedPage, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  if (!('template' in page)) return reply.sendFile(page.file);
  if (!SAFE_HOST.test(request.host)) return reply.sendFile('index.html');
  return reply.type('text/html; charset=utf-8').send(page.template.replaceAll(SITE_HOST_PLACEHOLDER, request.host));
}
