import { Feed } from 'feed';
import type { PublicCategory, PublicLink } from './public-categories';

/**
 * The category's Atom 1.0 and RSS 2.0 feeds (the `feed` library writes them): the last links,
 * the excerpt as each entry's summary, ids that never change (the link's own urn:uuid), the
 * newest link's date as the feed's updated date, and a self link.
 */
export function categoryFeed(category: PublicCategory, links: PublicLink[], pageUrl: string): Feed {
  const curator = category.ownerName ?? `@${category.handle}`;
  const feed = new Feed({
    id: pageUrl,
    title: `${category.name} · ${curator}`,
    description: category.description ?? `Links about ${category.name}, collected by ${curator} with Stash.`,
    link: pageUrl,
    language: 'en',
    updated: links[0]?.createdAt ?? category.publishedAt ?? new Date(0),
    generator: 'Stash',
    feedLinks: { atom: `${pageUrl}/feed.xml`, rss: `${pageUrl}/feed.rss` },
    author: { name: curator, link: pageUrl },
    copyright: `Links collected by ${curator}`,
  });
  for (const link of links) {
    feed.addItem({
      id: `urn:uuid:${link.id}`,
      guid: `urn:uuid:${link.id}`,
      title: link.title || link.url,
      link: link.url,
      date: link.createdAt,
      published: link.createdAt,
      description: link.excerpt ?? undefined,
      ...(link.notes ? { content: link.notes } : {}),
    });
  }
  return feed;
}
