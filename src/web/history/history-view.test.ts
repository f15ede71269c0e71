import { describe, expect, it } from 'vitest';
import {
  changeHistoryView,
  historyEmptyMessage,
  historyQueryOf,
  historyViewSearch,
  parseHistoryView,
  type HistoryView,
} from './history-view';

const firstPage: HistoryView = { page: 1, limit: 20, category: null, newsletter: false, q: '', unread: false };

describe('parseHistoryView', () => {
  it('starts on the first page of everything, 20 a page', () => {
    expect(parseHistoryView('')).toEqual(firstPage);
  });

  it('reads the view from the query string', () => {
    expect(parseHistoryView('?page=3&limit=50&category=Work&q=rust%20async&unread=true')).toEqual({
      page: 3,
      limit: 50,
      category: 'Work',
      newsletter: false,
      q: 'rust async',
      unread: true,
    });
    expect(parseHistoryView('newsletter=true').newsletter).toBe(true);
  });

  it('ignores what it cannot use', () => {
    expect(parseHistoryView('page=0&limit=15')).toEqual(firstPage);
    expect(parseHistoryView('page=1.5&limit=abc&unread=yes')).toEqual(firstPage);
    // One chip at a time: a category wins over the Newsletter chip.
    expect(parseHistoryView('category=News&newsletter=true')).toMatchObject({ category: 'News', newsletter: false });
  });
});

describe('historyViewSearch', () => {
  it('leaves the defaults out and round-trips', () => {
    expect(historyViewSearch(firstPage)).toBe('');
    const view: HistoryView = { page: 2, limit: 10, category: 'Read & Watch', newsletter: false, q: 'a b', unread: true };
    expect(parseHistoryView(historyViewSearch(view))).toEqual(view);
  });
});

describe('changeHistoryView', () => {
  it('goes back to page 1 when the filter or the page size changes', () => {
    const onPage3 = { ...firstPage, page: 3 };
    expect(changeHistoryView(onPage3, { category: 'Work' }).page).toBe(1);
    expect(changeHistoryView(onPage3, { limit: 50 }).page).toBe(1);
    expect(changeHistoryView(onPage3, { q: 'rust' }).page).toBe(1);
    expect(changeHistoryView(onPage3, { page: 4 }).page).toBe(4);
  });
});

describe('historyQueryOf', () => {
  it('asks the server for exactly the view', () => {
    expect(historyQueryOf(firstPage)).toEqual({ page: 1, limit: 20 });
    expect(historyQueryOf({ ...firstPage, newsletter: true, unread: true, q: 'x' })).toEqual({
      page: 1,
      limit: 20,
      newsletter: 'true',
      unread: 'true',
      q: 'x',
    });
  });
});

describe('historyEmptyMessage', () => {
  it('says why the page is empty', () => {
    expect(historyEmptyMessage(firstPage)).toBe('Your history is empty');
    expect(historyEmptyMessage({ ...firstPage, newsletter: true })).toBe('No links have been included in newsletters');
    expect(historyEmptyMessage({ ...firstPage, category: 'Video' })).toBe("No links found in the 'Video' category");
    expect(historyEmptyMessage({ ...firstPage, q: 'rust' })).toBe('No links match “rust”');
  });
});
