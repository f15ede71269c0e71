import { describe, expect, it } from 'vitest';
import { pageToSave } from './page-to-save';

describe('pageToSave', () => {
  it("takes the tab's address and title", () => {
    expect(pageToSave({ url: 'https://example.com/a?b=1#c', title: '  A   good\nread ' })).toEqual({
      ok: true,
      page: { url: 'https://example.com/a?b=1#c', title: 'A good read' },
    });
  });

  it('leaves the title to the server when the tab has none, or shows its address instead', () => {
    expect(pageToSave({ url: 'https://example.com/a' })).toEqual({ ok: true, page: { url: 'https://example.com/a', title: null } });
    expect(pageToSave({ url: 'https://example.com/a', title: 'https://example.com/a' })).toMatchObject({ page: { title: null } });
    expect(pageToSave({ url: 'https://example.com/a', title: 'example.com/a' })).toMatchObject({ page: { title: null } });
  });

  it('cuts a very long title to what the server keeps', () => {
    const result = pageToSave({ url: 'https://example.com/', title: 'x'.repeat(900) });
    expect(result.ok && result.page.title).toHaveLength(500);
  });

  it.each([
    'chrome://newtab/',
    'about:blank',
    'file:///home/ada/notes.txt',
    'chrome-extension://abc/popup.html',
    'view-source:https://example.com',
  ])('refuses the browser page %s', (url) => {
    expect(pageToSave({ url, title: 'New Tab' })).toEqual({
      ok: false,
      reason: 'Stash saves web pages. Pages of the browser itself, like this one, cannot be saved.',
    });
  });

  it('refuses a tab whose address it cannot see, or one too long to store', () => {
    expect(pageToSave({ title: 'Secret' }).ok).toBe(false);
    expect(pageToSave({ url: `https://example.com/${'a'.repeat(2100)}` })).toEqual({
      ok: false,
      reason: 'URLs must be at most 2,048 characters',
    });
  });
});
