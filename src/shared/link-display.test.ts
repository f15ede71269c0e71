import { describe, expect, it } from 'vitest';
import { linkNameOf, siteNameOf } from './link-display';

describe('link cards name a link', () => {
  it('by its title, else by site name and path, never by the raw URL', () => {
    expect(linkNameOf({ title: 'Slow bread', siteName: 'Bakery', url: 'https://bakery.example/bread' })).toBe('Slow bread');
    expect(linkNameOf({ title: null, siteName: 'Bakery', url: 'https://bakery.example/recipes/bread/' })).toBe('Bakery /recipes/bread');
    expect(linkNameOf({ title: null, siteName: null, url: 'https://www.bakery.example/caf%C3%A9' })).toBe('bakery.example /café');
    expect(linkNameOf({ title: null, siteName: null, url: 'https://www.bakery.example/' })).toBe('bakery.example');
    expect(siteNameOf({ siteName: null, url: 'https://www.bakery.example/x' })).toBe('bakery.example');
  });
});
