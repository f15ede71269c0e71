import type { Link } from './links-schemas';

/** The site a link is on: the page's own name for itself, else its host without "www.". */
export function siteNameOf(link: Pick<Link, 'siteName' | 'url'>): string {
  if (link.siteName) return link.siteName;
  return URL.canParse(link.url) ? new URL(link.url).hostname.replace(/^www\./, '') : link.url;
}

/** What a card calls a link: its title, else the site and the page's path (never the raw URL, shown once already as the site). */
export function linkNameOf(link: Pick<Link, 'title' | 'siteName' | 'url'>): string {
  if (link.title) return link.title;
  const path = URL.canParse(link.url) ? decodeURIComponentSafe(new URL(link.url).pathname).replace(/\/$/, '') : '';
  return path ? `${siteNameOf(link)} ${path}` : siteNameOf(link);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The site's icon for a card, fetched by Stash (GET /api/links/:id/image), so a list never tells
 * the sites who looks at it; null for none, or one that is not https (the proxy and the CSP take https only).
 */
export function faviconSrcOf(link: Pick<Link, 'id' | 'faviconUrl'>): string | null {
  return proxiedImageSrc(link.id, link.faviconUrl);
}

/** The page's lead image (og:image) for a card's thumbnail, through the same proxy; null for none. */
export function leadImageSrcOf(link: Pick<Link, 'id' | 'imageUrl'>): string | null {
  return proxiedImageSrc(link.id, link.imageUrl);
}

function proxiedImageSrc(id: string, src: string | null): string | null {
  if (!src?.startsWith('https://')) return null;
  return `/api/links/${id}/image?src=${encodeURIComponent(src)}`;
}
