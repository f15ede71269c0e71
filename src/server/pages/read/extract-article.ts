import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { cleanArticleHtml } from './clean-html';
import { firstHeading, withoutSiteName } from './page-title';
import { removeBoilerplate, removeBylineRepeat } from './remove-boilerplate';
import { blockText } from './block-text';
import { excerptOf, readingMinutes, tidyText, wordCount } from './text-measures';

/*
 * The article of an HTML page, read with Mozilla's Readability (Firefox's reader view) on a
 * linkedom document: linkedom builds the tree without a browser's machinery and runs nothing, and
 * measured against jsdom it is the quicker of the two (bench/extraction.mjs, bench/RESULTS.md).
 * The metadata around the article (description, image, icon, dates) is read from the head before
 * Readability changes the document.
 */

export interface ExtractedArticle {
  title: string | null;
  byline: string | null;
  siteName: string;
  excerpt: string | null;
  lang: string | null;
  publishedAt: Date | null;
  wordCount: number;
  readingMinutes: number;
  imageUrl: string | null;
  faviconUrl: string;
  /** Null when Readability found no article: the page is recorded without a readable copy. */
  html: string | null;
  text: string | null;
}

/** Builds a DOM document from HTML: linkedom here; the benchmark passes jsdom's for comparison. */
export type ParseDocument = (html: string, url: string) => Document;

export const parseWithLinkedom: ParseDocument = (html) => parseHTML(html).document as unknown as Document;

const MAX_FIELD = 500;

export function extractArticle(html: string, pageUrl: string, parse: ParseDocument = parseWithLinkedom): ExtractedArticle {
  const document = parse(html, pageUrl);
  const head = readHead(document, pageUrl);
  const pageTitle = document.title || document.querySelector('title')?.textContent;
  const heading = firstHeading(document);
  removeBoilerplate(document);
  const article = new Readability(document, { charThreshold: 200 }).parse();
  const byline = short(article?.byline);
  const content = article?.content ? withoutByline(article.content, byline) : null;
  const text = content?.textContent ? tidyText(blockText(content)) : null;
  const lang = short(document.documentElement?.getAttribute('lang') ?? article?.lang, 35);
  const words = text ? wordCount(text, lang) : 0;
  const siteName = short(head.siteName ?? article?.siteName) ?? new URL(pageUrl).hostname.replace(/^www\./, '');
  const title = short(head.title) ?? short(article?.title) ?? short(pageTitle) ?? short(heading);
  return {
    title: title && short(withoutSiteName(title, siteName)),
    byline,
    siteName,
    excerpt: excerptOf(head.description ?? article?.excerpt, text),
    lang,
    publishedAt: dateOrNull(head.publishedTime ?? article?.publishedTime),
    wordCount: words,
    readingMinutes: readingMinutes(words),
    imageUrl: head.imageUrl,
    faviconUrl: head.faviconUrl,
    html: content && text ? cleanArticleHtml(content.innerHTML, pageUrl) : null,
    text,
  };
}

/** The article's content as an element, without the block that repeats the byline shown above it. */
function withoutByline(html: string, byline: string | null): Element {
  const root = parseWithLinkedom(`<!doctype html><html><body>${html}</body></html>`, 'about:blank').body;
  if (byline) removeBylineRepeat(root, byline);
  return root;
}

interface Head {
  title: string | undefined;
  siteName: string | undefined;
  description: string | undefined;
  publishedTime: string | undefined;
  imageUrl: string | null;
  faviconUrl: string;
}

function readHead(document: Document, pageUrl: string): Head {
  const meta = new Map<string, string>();
  for (const tag of document.querySelectorAll('meta[content]')) {
    const key = (tag.getAttribute('property') ?? tag.getAttribute('name') ?? tag.getAttribute('itemprop'))?.toLowerCase();
    const content = tag.getAttribute('content')?.trim();
    if (key && content && !meta.has(key)) meta.set(key, content);
  }
  const image = httpsUrl(meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image'), pageUrl);
  const icon = [...document.querySelectorAll('link[rel][href]')].find((link) =>
    /(^|\s)(icon|shortcut icon|apple-touch-icon)(\s|$)/i.test(link.getAttribute('rel') ?? ''),
  );
  return {
    title: meta.get('og:title') ?? meta.get('twitter:title'),
    siteName: meta.get('og:site_name') ?? meta.get('application-name'),
    description: meta.get('og:description') ?? meta.get('description') ?? meta.get('twitter:description'),
    publishedTime: meta.get('article:published_time') ?? meta.get('datepublished') ?? meta.get('date'),
    imageUrl: image,
    faviconUrl: httpsUrl(icon?.getAttribute('href') ?? undefined, pageUrl) ?? new URL('/favicon.ico', pageUrl).href,
  };
}

/** An image the reader may load: https only (the others are never fetched). */
function httpsUrl(url: string | undefined, base: string): string | null {
  if (!url || !URL.canParse(url, base)) return null;
  const absolute = new URL(url, base);
  return absolute.protocol === 'https:' && absolute.href.length <= 2048 ? absolute.href : null;
}

function short(value: string | null | undefined, max = MAX_FIELD): string | null {
  const plain = value?.replace(/\s+/g, ' ').trim();
  if (!plain) return null;
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1990 || date.getTime() > Date.now() + 86_400_000 ? null : date;
}
