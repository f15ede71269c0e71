import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PublicCategory, PublicLink } from './public-categories';

/** A published category's page of links as the public routes read it, with its absolute address. */
export interface OpenPage {
  category: PublicCategory;
  links: PublicLink[];
  pageUrl: string;
}

/** A rendered answer (a page's HTML or a feed) and the page it was made from. */
export interface KeptAnswer {
  page: OpenPage;
  body: string;
  /** A strong validator of the body, for If-None-Match. */
  etag: string;
}

interface Entry extends KeptAnswer {
  source: string;
}

/** Characters kept at most per process (the sources and the bodies; about as many bytes). */
const MAX_KEPT_CHARS = 16 * 1024 * 1024;

/**
 * Rendered public answers kept in memory with the text of the query they were made from
 * (findPublicPage's JSON: the category, its owner's fields and the page's links). Every request
 * still runs that query; an answer is reused only while the query answers exactly the same text, so
 * any change in the database (a link added, edited or removed, a changed name, description or
 * setting, unpublishing) makes the next request render anew, whichever process wrote it. Writing
 * the Atom feed was most of a feed request's time (bench/RESULTS.md), rendering the page a part of
 * the page's. What depends on the clock (a lapsed Pro's page closing) is checked by the caller on
 * every request. docs/sharing.md, The pages.
 */
export class PublicAnswers {
  private readonly kept = new LRUCache<string, Entry>({
    maxSize: MAX_KEPT_CHARS,
    // The parsed page weighs about as much as its source.
    sizeCalculation: (entry) => 2 * entry.source.length + entry.body.length,
  });

  /** The answer kept under `key` if it was made from this very `source`. */
  find(key: string, source: string): KeptAnswer | undefined {
    const entry = this.kept.get(key);
    return entry?.source === source ? entry : undefined;
  }

  /** Keeps `body`, made from `source`, under `key` (replacing what was kept there). */
  keep(key: string, source: string, page: OpenPage, body: string): KeptAnswer {
    const entry = { source, page, body, etag: etagOf(body) };
    this.kept.set(key, entry);
    return entry;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
