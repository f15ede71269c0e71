import { describe, expect, it } from 'vitest';
import type { DigestLinkRow } from './compose';
import { startWith } from './message';

const row = (id: string, changes: Partial<DigestLinkRow> = {}): DigestLinkRow => ({
  id,
  url: `https://example.com/${id}`,
  title: `Title ${id}`,
  notes: null,
  category: 'Article',
  categories: ['Article'],
  createdAt: new Date('2026-11-27T08:00:00Z'),
  excerpt: null,
  siteName: null,
  readingMinutes: null,
  readable: true,
  yearsAgoToday: null,
  ...changes,
});

describe('the link a digest starts with', () => {
  it('prefers a link with a title and a readable copy over one with notes but neither', () => {
    const rows = [
      row('noted', { notes: 'Why it matters', readable: false }),
      row('untitled', { title: null, readingMinutes: 2 }),
      row('readable', { readingMinutes: 9 }),
    ];
    expect(startWith(rows)?.id).toBe('readable');
  });

  it('among readable links, takes the one with notes, else the quickest read', () => {
    expect(startWith([row('a', { readingMinutes: 9 }), row('b', { notes: 'For Sunday', readingMinutes: 12 })])?.id).toBe('b');
    expect(startWith([row('a', { readingMinutes: 9 }), row('b', { readingMinutes: 3 })])?.id).toBe('b');
  });

  it('falls back to every link when none is readable', () => {
    expect(startWith([row('a', { readable: false }), row('b', { readable: false, notes: 'This one' })])?.id).toBe('b');
    expect(startWith([])).toBeUndefined();
  });
});
