import type { PageKind } from '../../db/schema';
import type { FetchedPage } from '../fetch/safe-fetch';
import { decodeHtml, isHtml } from '../fetch/decode-html';
import { extractArticle, type ExtractedArticle } from './extract-article';

/** What one fetch of a page tells: a readable copy, an HTML page without one, or another kind of file. */
export type PageReading =
  | ({ kind: 'article' | 'page'; url: string; contentType: string; failure: string | null } & ExtractedArticle)
  | {
      kind: Exclude<PageKind, 'article' | 'page'>;
      url: string;
      contentType: string;
      failure: null;
      siteName: string;
      title: string | null;
    };

/** A fetched page that answered 2xx, read into what is stored. */
export function readFetchedPage(page: FetchedPage): PageReading {
  if (!isHtml(page.contentType)) {
    return {
      kind: kindOf(page.contentType),
      url: page.url,
      contentType: page.contentType,
      failure: null,
      siteName: hostOf(page.url),
      title: fileName(page.url),
    };
  }
  const article = extractArticle(decodeHtml(page.body, page.contentType), page.url);
  return {
    kind: article.html ? 'article' : 'page',
    url: page.url,
    contentType: page.contentType,
    failure: article.html ? null : 'No readable article was found on the page.',
    ...article,
  };
}

function kindOf(contentType: string): Exclude<PageKind, 'article' | 'page'> {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'other';
}

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** "report-2026.pdf" from …/files/report-2026.pdf: the only title a file has. */
function fileName(url: string): string | null {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  if (!last) return null;
  try {
    return decodeURIComponent(last).slice(0, 500);
  } catch {
    return last.slice(0, 500);
  }
}
