import { describe, expect, it } from 'vitest';
import { PRESET_CATEGORIES } from '../../shared/categories';
import { alreadySavedText, categoryChoices, emptySaveForm, isCategoryLocked, saveLinkBody, toggleCategory } from './save-form';

const page = { url: 'https://example.com/a', title: 'A good read' };

describe('categoryChoices', () => {
  it('offers the presets, then custom categories the plan allows', () => {
    expect(categoryChoices(['Recipes', 'news'], true)).toEqual([...PRESET_CATEGORIES, 'Recipes']);
    expect(categoryChoices(['Recipes'], false)).toEqual([...PRESET_CATEGORIES]);
  });
});

describe('toggleCategory', () => {
  it('picks in order and unpicks', () => {
    const one = toggleCategory([], 'News');
    expect(one).toEqual({ ok: true, categories: ['News'] });
    expect(toggleCategory(['News', 'Video'], 'News')).toEqual({ ok: true, categories: ['Video'] });
  });

  it("refuses a fourth with SPEC.md's message", () => {
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

describe('saveLinkBody', () => {
  it('sends the page, trimmed notes and the picked categories', () => {
    const form = { notes: '  For the train  ', categories: ['News', 'Work'], includeInNewsletter: false };
    expect(saveLinkBody(page, form, { canToggleNewsletter: true, allowDuplicate: false })).toEqual({
      url: 'https://example.com/a',
      title: 'A good read',
      notes: 'For the train',
      categories: ['News', 'Work'],
      includeInNewsletter: false,
    });
  });

  it('leaves the newsletter flag to the server without the Pro control, and asks to save again when told', () => {
    const body = saveLinkBody(page, { ...emptySaveForm, includeInNewsletter: false }, { canToggleNewsletter: false, allowDuplicate: true });
    expect(body).toEqual({ url: page.url, title: page.title, notes: null, categories: [], allowDuplicate: true });
  });
});

describe('alreadySavedText', () => {
  it("names the day in SPEC.md's date format", () => {
    expect(alreadySavedText(new Date(2026, 10, 22, 15, 30).toISOString())).toBe('Already saved on November 22, 2026');
  });
});
