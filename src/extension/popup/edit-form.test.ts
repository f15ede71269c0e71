import { describe, expect, it } from 'vitest';
import { PRESET_CATEGORIES } from '../../shared/categories';
import { alreadySavedText, categoryChoices, formFromLink, isCategoryLocked, linkChanges, notesLength, toggleCategory } from './edit-form';

const saved = { notes: null, categories: ['Uncategorized'], includeInNewsletter: true };

describe('formFromLink', () => {
  it("starts from the link, 'Uncategorized' not counting as a pick", () => {
    expect(formFromLink(saved)).toEqual({ notes: '', categories: [], includeInNewsletter: true });
    expect(formFromLink({ notes: 'Later', categories: ['News', 'Work'], includeInNewsletter: false })).toEqual({
      notes: 'Later',
      categories: ['News', 'Work'],
      includeInNewsletter: false,
    });
  });
});

describe('categoryChoices', () => {
  it('offers the presets, then custom categories the plan allows', () => {
    expect(categoryChoices(['Recipes', 'news'], true)).toEqual([...PRESET_CATEGORIES, 'Recipes']);
    expect(categoryChoices(['Recipes'], false)).toEqual([...PRESET_CATEGORIES]);
  });
});

describe('toggleCategory', () => {
  it('picks in order and unpicks', () => {
    expect(toggleCategory([], 'News')).toEqual({ ok: true, categories: ['News'] });
    expect(toggleCategory(['News', 'Video'], 'News')).toEqual({ ok: true, categories: ['Video'] });
  });

  it("refuses a fourth with the product's message", () => {
    expect(toggleCategory(['News', 'Video', 'Work'], 'Blog')).toEqual({
      ok: false,
      title: 'Maximum categories reached',
      text: 'You can only select up to 3 categories per link',
    });
  });

  it('locks the unpicked buttons at three', () => {
    const picked = ['News', 'Video', 'Work'];
    expect(isCategoryLocked(picked, 'Blog')).toBe(true);
    expect(isCategoryLocked(picked, 'News')).toBe(false);
    expect(isCategoryLocked(['News'], 'Blog')).toBe(false);
  });
});

describe('notesLength', () => {
  it('says nothing far from the limit', () => {
    expect(notesLength('For the train')).toEqual({ counter: null, error: null });
  });

  it("counts in the last tenth, and gives the rule's message past it without cutting the text", () => {
    expect(notesLength('x'.repeat(1800))).toEqual({ counter: '1,800 / 2,000', error: null });
    expect(notesLength('x'.repeat(2000))).toEqual({ counter: '2,000 / 2,000', error: null });
    expect(notesLength('x'.repeat(2001))).toEqual({ counter: '2,001 / 2,000', error: 'Notes must be at most 2,000 characters' });
  });
});

describe('linkChanges', () => {
  it('sends only what changed: trimmed notes and the picked categories', () => {
    const form = { notes: '  For the train  ', categories: ['News', 'Work'], includeInNewsletter: true };
    expect(linkChanges(saved, form, true)).toEqual({ notes: 'For the train', categories: ['News', 'Work'] });
  });

  it('clears notes with null, and sends the newsletter flag only with the Pro control', () => {
    const link = { notes: 'Old', categories: ['News'], includeInNewsletter: true };
    const form = { notes: ' ', categories: ['News'], includeInNewsletter: false };
    expect(linkChanges(link, form, true)).toEqual({ notes: null, includeInNewsletter: false });
    expect(linkChanges(link, form, false)).toEqual({ notes: null });
  });

  it('is null when nothing changed', () => {
    expect(linkChanges(saved, formFromLink(saved), true)).toBeNull();
  });
});

describe('alreadySavedText', () => {
  it("names the day in the product's date format", () => {
    expect(alreadySavedText(new Date(2026, 10, 22, 15, 30).toISOString())).toBe('Already saved on November 22, 2026');
  });
});
