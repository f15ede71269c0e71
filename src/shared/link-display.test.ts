import { describe, expect, it } from 'vitest';
import { faviconSrcOf, leadImageSrcOf, linkNameOf, siteNameOf } from './link-display';

describe('link cards name a link', () => {
  it('by its title, else by site name and path, never by the raw URL', () => {
    expect(linkNameOf({ title: 'Slow bread', siteName: 'Bakery', url: 'https://bakery.example/bread' })).toBe('Slow bread');
    expect(linkNameOf({ title: null, siteName: 'Bakery', url: 'https://bakery.example/recipes/bread/' })).toBe('Bakery /recipes/bread');
    expect(linkNameOf({ title: null, siteName: null, url: 'https://www.bakery.example/caf%C3%A9' })).toBe('bakery.example /café');
    expect(linkNameOf({ title: null, siteName: null, url: 'https://www.bakery.example/' })).toBe('bakery.example');
    expect(siteNameOf({ siteName: null, url: 'https://www.bakery.example/x' })).toBe('bakery.example');
  });
});

describe('a card’s site icon and lead image', () => {
  it('come through Stash, https only', () => {
    const id = '0b6f5d0e-2f6a-4a4e-9d59-7e0f0f0f0f0f';
    expect(faviconSrcOf({ id, faviconUrl: 'https://bakery.example/icon.png?v=1&s=2' })).toBe(
      `/api/links/${id}/image?src=https%3A%2F%2Fbakery.example%2Ficon.png%3Fv%3D1%26s%3D2`,
    );
    expect(faviconSrcOf({ id, faviconUrl: 'http://bakery.example/favicon.ico' })).toBeNull();
    expect(faviconSrcOf({ id, faviconUrl: null })).toBeNull();
    expect(leadImageSrcOf({ id, imageUrl: 'https://bakery.example/lead.jpg' })).toBe(
      `/api/links/${id}/image?src=https%3A%2F%2Fbakery.example%2Flead.jpg`,
    );
    expect(leadImageSrcOf({ id, imageUrl: 'http://bakery.example/lead.jpg' })).toBeNull();
    expect(leadImageSrcOf({ id, imageUrl: null })).toBeNull();
  });
});
