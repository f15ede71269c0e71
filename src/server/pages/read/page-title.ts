/*
 * The title a copy shows: the page's own (og:title, <title>, else its first heading), without the
 * site's name at its end when that name is shown beside it ("Rivers return – Slow Notes" under
 * "Slow Notes" reads "Rivers return").
 */

const separators = ['–', '—', '|', '-', '·'];

function plain(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function withoutSiteName(title: string, siteName: string): string {
  const site = plain(siteName);
  const text = plain(title);
  if (!site) return text;
  for (const separator of separators) {
    const ending = ` ${separator} ${site}`;
    const rest = text.slice(0, -ending.length).trim();
    if (text.length > ending.length && text.slice(-ending.length).toLowerCase() === ending.toLowerCase() && rest) return rest;
  }
  return text;
}

/** The first heading of the page, for a page with neither <title> nor og:title. */
export function firstHeading(document: Document): string | undefined {
  for (const heading of document.querySelectorAll('h1, h2')) {
    const text = plain(heading.textContent ?? '');
    if (text) return text;
  }
  return undefined;
}
