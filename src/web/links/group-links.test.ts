import { describe, expect, it } from 'vitest';
import type { Link } from '@shared/links-schemas';
import { dayGroupHeading, groupLinksByDay, isSavedToday } from './group-links';

let made = 0;
function savedLink(savedOn: string, createdAt: string): Link {
  made += 1;
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    url: `https://example.com/${made}`,
    title: null,
    description: null,
    notes: null,
    category: 'Uncategorized',
    categories: ['Uncategorized'],
    includeInNewsletter: true,
    readAt: null,
    createdAt,
    savedOn,
    siteName: null,
    excerpt: null,
    readingMinutes: null,
    faviconUrl: null,
    imageUrl: null,
    contentStatus: 'none',
    highlightCount: 0,
  };
}

describe('groupLinksByDay', () => {
  it('groups newest-first links by the day they were saved in the user’s zone, keeping their order', () => {
    // In Tokyo, 2025-05-30T23:30Z is already May 31: the server says so in savedOn.
    const lateOnThe30thUtc = savedLink('2025-05-31', '2025-05-30T23:30:00.000Z');
    const earlierOnThe30thUtc = savedLink('2025-05-30', '2025-05-30T10:00:00.000Z');
    const before = savedLink('2025-05-30', '2025-05-30T01:00:00.000Z');
    const older = savedLink('2025-05-28', '2025-05-28T12:00:00.000Z');

    const groups = groupLinksByDay([lateOnThe30thUtc, earlierOnThe30thUtc, before, older]);
    expect(groups.map((group) => group.day)).toEqual(['2025-05-31', '2025-05-30', '2025-05-28']);
    expect(groups[1].links).toEqual([earlierOnThe30thUtc, before]);
  });

  it('makes no groups of no links', () => {
    expect(groupLinksByDay([])).toEqual([]);
  });
});

describe('dayGroupHeading', () => {
  it('reads MMMM d, yyyy (N links)', () => {
    const [group] = groupLinksByDay([savedLink('2025-05-30', '2025-05-30T10:00:00Z'), savedLink('2025-05-30', '2025-05-30T09:00:00Z')]);
    expect(dayGroupHeading(group)).toBe('May 30, 2025 (2 links)');
    expect(dayGroupHeading({ day: '2025-01-02', links: [group.links[0]] })).toBe('January 2, 2025 (1 link)');
  });
});

describe('isSavedToday', () => {
  const now = new Date('2025-05-30T23:30:00.000Z');

  it('compares with today in the user’s zone, not the browser’s', () => {
    expect(isSavedToday({ savedOn: '2025-05-30' }, 'UTC', now)).toBe(true);
    expect(isSavedToday({ savedOn: '2025-05-30' }, 'Asia/Tokyo', now)).toBe(false);
    expect(isSavedToday({ savedOn: '2025-05-31' }, 'Asia/Tokyo', now)).toBe(true);
    expect(isSavedToday({ savedOn: '2025-05-30' }, 'America/Los_Angeles', now)).toBe(true);
  });
});
