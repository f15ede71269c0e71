import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract-article';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url)).toString();

describe('the copy of a page with boilerplate around its article', () => {
  const article = extractArticle(fixture('boilerplate-article.html'), 'https://slownotes.example/why-slow-reading-wins');
  const html = article.html ?? '';
  const text = article.text ?? '';

  it('keeps every paragraph of the article, also those about advertising, sponsors, sharing and subscribing', () => {
    for (const kept of [
      'Reading slowly is not a failure of attention',
      'Studies of comprehension keep finding',
      'Advertising pays for much of what we read online',
      'free of sponsored distractions',
      'Publishers who subscribe to the idea of slow journalism share one habit',
      'the newsletter of the week',
      'The practice is simple.',
      'that is what reading was meant to be',
    ]) {
      expect(text).toContain(kept);
      expect(html).toContain(kept);
    }
  });

  it('leaves out the ad and its label, the "Sponsored" insert, the share bar, the newsletter boxes and "Was this page helpful?"', () => {
    for (const gone of [
      'Advertisement',
      'ads.example',
      '<p>Sponsored</p>',
      'Facebook',
      'x.example/share',
      'Mastodon',
      'Bluesky',
      'Slow Notes Premium',
      'Get the Slow Notes letter',
      'One essay every Sunday',
      'Stay in the loop',
      'A short e-mail when we publish',
      'Was this page helpful',
    ]) {
      expect(html).not.toContain(gone);
      expect(text).not.toContain(gone);
    }
    expect(text).not.toMatch(/\bSponsored\b/);
    expect(article.wordCount).toBeLessThan(260);
  });

  it('shows the byline once: as the byline, not again at the top of the copy', () => {
    expect(article.byline).toBe('Mira Sato');
    expect(text).not.toContain('Mira Sato');
    expect(html).not.toContain('Mira Sato');
  });

  it('shows the title without the site name that is shown beside it', () => {
    expect(article).toMatchObject({ title: 'Why slow reading wins', siteName: 'Slow Notes' });
  });
});
