import { describe, expect, it } from 'vitest';
import { pageOfText, showingText } from './pagination-text';

describe('showingText', () => {
  it('names the links on the page and the total', () => {
    expect(showingText({ page: 1, limit: 20, total: 45 })).toBe('Showing 1-20 of 45 links');
    expect(showingText({ page: 2, limit: 20, total: 45 })).toBe('Showing 21-40 of 45 links');
    expect(showingText({ page: 3, limit: 20, total: 45 })).toBe('Showing 41-45 of 45 links');
    expect(showingText({ page: 1, limit: 10, total: 1 })).toBe('Showing 1-1 of 1 link');
    expect(showingText({ page: 1, limit: 10, total: 0 })).toBe('Showing 0 of 0 links');
  });
});

describe('pageOfText', () => {
  it('reads Page n of total', () => {
    expect(pageOfText({ page: 2, totalPages: 3 })).toBe('Page 2 of 3');
    expect(pageOfText({ page: 1, totalPages: 0 })).toBe('Page 1 of 1');
  });
});
