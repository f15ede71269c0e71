import { describe, expect, it } from 'vitest';
import { isLocked, isPicked, pick, suggestCategories, unpick } from './category-selection';

describe('category selection', () => {
  it('adds picks in order, each once whatever its case', () => {
    expect(pick([], 'Work')).toEqual(['Work']);
    expect(pick(['Work'], 'News')).toEqual(['Work', 'News']);
    expect(pick(['Work'], 'work')).toEqual(['Work']);
  });

  it('refuses a fourth pick and locks the categories not picked', () => {
    const three = ['Work', 'News', 'Video'];
    expect(pick(three, 'Blog')).toBe('full');
    expect(pick(three, 'news')).toEqual(three);
    expect(isLocked(three, 'Blog')).toBe(true);
    expect(isLocked(three, 'Video')).toBe(false);
    expect(isLocked(['Work', 'News'], 'Blog')).toBe(false);
  });

  it('removes a pick, ignoring case', () => {
    expect(unpick(['Work', 'News'], 'work')).toEqual(['News']);
    expect(isPicked(['Work'], 'WORK')).toBe(true);
    expect(isPicked(['Work'], 'News')).toBe(false);
  });

  it('suggests the categories not picked that contain what was typed, those starting with it first', () => {
    const names = ['Work', 'News', 'Homework', 'Networking', 'Video'];
    expect(suggestCategories(names, [], 'wor')).toEqual(['Work', 'Homework', 'Networking']);
    expect(suggestCategories(names, ['work'], ' WOR ')).toEqual(['Homework', 'Networking']);
    expect(suggestCategories(names, ['Video'], '')).toEqual(['Work', 'News', 'Homework', 'Networking']);
  });
});
