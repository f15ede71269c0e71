import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract-article';
import { withoutSiteName } from './page-title';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url)).toString();

describe('the title of a copy', () => {
  it('is the first heading of a page with neither <title> nor og:title', () => {
    const article = extractArticle(fixture('untitled-page.html'), 'https://harbour.example/notes');
    expect(article.title).toBe('Notes on a quiet harbour');
    expect(article.siteName).toBe('harbour.example');
  });

  it('is the og:title of a page without <title>, before its first heading', () => {
    const html = fixture('untitled-page.html').replace(
      '<head>',
      '<head><meta property="og:title" content="A quiet harbour, morning to night">',
    );
    expect(extractArticle(html, 'https://harbour.example/notes').title).toBe('A quiet harbour, morning to night');
  });

  it('loses the site name at its end when the site name is known', () => {
    const article = extractArticle(fixture('japanese-title.html'), 'https://toto.example/news/1');
    expect(article).toMatchObject({ title: '都心に川が戻る', siteName: '東都ニュース' });
  });

  it('loses the site name after any of " – ", " | ", " - ", " — ", " · "', () => {
    for (const separator of ['–', '|', '-', '—', '·'])
      expect(withoutSiteName(`Why slow reading wins ${separator} Slow Notes`, 'Slow Notes')).toBe('Why slow reading wins');
    expect(withoutSiteName('Why slow reading wins  |  slow notes ', 'Slow Notes')).toBe('Why slow reading wins');
  });

  it('keeps a title that only mentions the site name, is nothing but it, or ends with another name', () => {
    expect(withoutSiteName('Slow Notes turns ten', 'Slow Notes')).toBe('Slow Notes turns ten');
    expect(withoutSiteName('Slow Notes', 'Slow Notes')).toBe('Slow Notes');
    expect(withoutSiteName('Why slow reading wins - Fast Notes', 'Slow Notes')).toBe('Why slow reading wins - Fast Notes');
    expect(withoutSiteName('Reading in the Slow Notes', 'Slow Notes')).toBe('Reading in the Slow Notes');
  });
});
