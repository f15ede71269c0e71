import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCategoryName, PRESET_CATEGORIES } from './categories';
import { MAX_URL_LENGTH, normaliseForDuplicates, normaliseUserUrl, pickCategories } from './link-rules';
import { historyQuery, saveLinkBody, saveLinkBodyWith } from './links-schemas';
import { monthlyLinkLimit } from './plans';

describe('normaliseUserUrl (the URL rules)', () => {
  it('requires a URL', () => {
    expect(normaliseUserUrl('')).toEqual({ ok: false, message: 'URL is required' });
    expect(normaliseUserUrl('   ')).toEqual({ ok: false, message: 'URL is required' });
  });

  it('trims and adds https:// unless http:// or https:// is there, in any case', () => {
    expect(normaliseUserUrl('  example.com/a  ')).toEqual({ ok: true, url: 'https://example.com/a' });
    expect(normaliseUserUrl('http://example.com')).toEqual({ ok: true, url: 'http://example.com/' });
    expect(normaliseUserUrl('HTTPS://Example.COM/Path')).toEqual({ ok: true, url: 'https://example.com/Path' });
    expect(normaliseUserUrl('HtTp://example.com')).toEqual({ ok: true, url: 'http://example.com/' });
  });

  it('refuses what does not parse, and anything but http and https', () => {
    for (const input of ['https://', 'a b.com', 'http://exa mple.com', 'javascript:alert(1)', 'https://[::1', 'http://:80']) {
      expect(normaliseUserUrl(input)).toEqual({ ok: false, message: 'Please enter a valid website address' });
    }
  });

  it('adds https:// only to what has no scheme: another scheme is refused, never made a host name', () => {
    for (const input of [
      'ftp://example.com/file',
      'mailto:someone@example.com',
      'data:text/html,hi',
      'file:///etc/passwd',
      'FTP://example.com',
    ]) {
      expect(normaliseUserUrl(input)).toEqual({ ok: false, message: 'Please enter a valid website address' });
    }
    expect(normaliseUserUrl('example.com:8080/a')).toEqual({ ok: true, url: 'https://example.com:8080/a' });
    expect(normaliseUserUrl('www.example.com?q=1')).toEqual({ ok: true, url: 'https://www.example.com/?q=1' });
  });

  it('needs a host with a dot, an IP address, or localhost where private fetch is allowed', () => {
    for (const input of [
      'foo',
      'https://foo/',
      'foo/bar',
      'http://intranet',
      'example.',
      'localhost',
      'localhost:3000',
      'http://localhost/',
    ]) {
      expect(normaliseUserUrl(input)).toEqual({ ok: false, message: 'Please enter a valid website address' });
    }
    expect(normaliseUserUrl('http://127.0.0.1:8080/a')).toEqual({ ok: true, url: 'http://127.0.0.1:8080/a' });
    expect(normaliseUserUrl('http://[::1]/')).toEqual({ ok: true, url: 'http://[::1]/' });
    expect(normaliseUserUrl('localhost:3000/a', { allowLocalhost: true })).toEqual({ ok: true, url: 'https://localhost:3000/a' });
    expect(normaliseUserUrl('http://localhost/', { allowLocalhost: true })).toEqual({ ok: true, url: 'http://localhost/' });
    expect(normaliseUserUrl('foo', { allowLocalhost: true }).ok).toBe(false);
  });

  it('takes at most 2,048 characters', () => {
    const base = 'https://example.com/';
    expect(normaliseUserUrl(base + 'a'.repeat(MAX_URL_LENGTH - base.length)).ok).toBe(true);
    expect(normaliseUserUrl(base + 'a'.repeat(MAX_URL_LENGTH - base.length + 1))).toEqual({
      ok: false,
      message: 'URLs must be at most 2,048 characters',
    });
    // Percent-encoding can make the stored form longer than what was typed.
    expect(normaliseUserUrl(base + ' '.repeat(1000) + 'x')).toEqual({ ok: false, message: 'URLs must be at most 2,048 characters' });
  });

  it('always gives an http(s) URL that parses, or one of the messages', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (input) => {
        const result = normaliseUserUrl(input);
        if (result.ok) {
          expect(['http:', 'https:']).toContain(new URL(result.url).protocol);
          expect(result.url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
        } else {
          expect(['URL is required', 'Please enter a valid website address', 'URLs must be at most 2,048 characters']).toContain(
            result.message,
          );
        }
      }),
    );
  });
});

describe('normaliseForDuplicates', () => {
  const key = (url: string) => normaliseForDuplicates(url);

  it('treats case of scheme and host, default ports, fragments and trailing slashes as the same page', () => {
    const same = [
      'https://example.com/a',
      'HTTPS://EXAMPLE.com/a/',
      'https://example.com:443/a#part',
      'http://example.com:80/a',
      'http://example.com/a//',
    ];
    for (const url of same) expect(key(new URL(url).href)).toBe('https://example.com/a');
    expect(key('https://example.com/')).toBe('https://example.com');
  });

  it('drops tracking parameters and sorts the rest', () => {
    expect(key('https://example.com/a?utm_source=x&b=2&fbclid=1&a=1&gclid=2&mc_eid=3&UTM_Campaign=y')).toBe(
      'https://example.com/a?a=1&b=2',
    );
    expect(key('https://example.com/a?utm_medium=email')).toBe('https://example.com/a');
  });

  it('keeps what makes another page: path case, other ports, other parameters', () => {
    expect(key('https://example.com/A')).not.toBe(key('https://example.com/a'));
    expect(key('https://example.com:8443/a')).not.toBe(key('https://example.com/a'));
    expect(key('https://example.com/a?id=1')).not.toBe(key('https://example.com/a?id=2'));
  });
});

describe('pickCategories', () => {
  it("gives ['Uncategorized'] when none is chosen", () => {
    expect(pickCategories({})).toEqual({ ok: true, category: 'Uncategorized', categories: ['Uncategorized'] });
    expect(pickCategories({ category: ' ', categories: [] })).toEqual({
      ok: true,
      category: 'Uncategorized',
      categories: ['Uncategorized'],
    });
  });

  it('makes the first pick, or the named category, the primary one', () => {
    expect(pickCategories({ categories: ['News', 'Work'] })).toEqual({ ok: true, category: 'News', categories: ['News', 'Work'] });
    expect(pickCategories({ category: 'Work', categories: ['News', 'Work'] })).toEqual({
      ok: true,
      category: 'Work',
      categories: ['Work', 'News'],
    });
    expect(pickCategories({ category: 'Video' })).toEqual({ ok: true, category: 'Video', categories: ['Video'] });
  });

  it('allows at most 3, counting each name once whatever its case', () => {
    expect(pickCategories({ categories: ['News', 'news', ' NEWS ', 'Work', 'Blog'] })).toEqual({
      ok: true,
      category: 'News',
      categories: ['News', 'Work', 'Blog'],
    });
    expect(pickCategories({ categories: ['News', 'Work', 'Blog', 'Video'] })).toEqual({
      ok: false,
      message: 'You can select up to 3 categories',
    });
    expect(pickCategories({ category: 'Video', categories: ['News', 'Work', 'Blog'] })).toEqual({
      ok: false,
      message: 'You can select up to 3 categories',
    });
  });
});

describe('categories and plans', () => {
  it('has the ten presets in order', () => {
    expect(PRESET_CATEGORIES).toEqual([
      'Uncategorized',
      'Article',
      'Blog',
      'News',
      'Tutorial',
      'Video',
      'Social',
      'Shopping',
      'Work',
      'Personal',
    ]);
  });

  it('finds a known category whatever its case, presets first', () => {
    expect(findCategoryName(' article ')).toBe('Article');
    expect(findCategoryName('recipes', ['Recipes'])).toBe('Recipes');
    expect(findCategoryName('recipes')).toBeUndefined();
  });

  it('limits only free accounts, to 50 links a month', () => {
    expect(monthlyLinkLimit('free')).toBe(50);
    for (const tier of ['pro', 'trial', 'trialExpired'] as const) expect(monthlyLinkLimit(tier)).toBeNull();
  });
});

describe('the shared schemas', () => {
  it('give the form the stored URL and the documented messages', () => {
    expect(saveLinkBody.parse({ url: ' example.com ' }).url).toBe('https://example.com/');
    expect(saveLinkBody.safeParse({}).error?.issues[0].message).toBe('URL is required');
    expect(saveLinkBody.safeParse({ url: '' }).error?.issues[0].message).toBe('URL is required');
    expect(saveLinkBody.safeParse({ url: 'http://a b' }).error?.issues[0].message).toBe('Please enter a valid website address');
    expect(saveLinkBody.safeParse({ url: 'ftp://example.com' }).error?.issues[0].message).toBe('Please enter a valid website address');
    expect(saveLinkBodyWith({ allowLocalhost: true }).parse({ url: 'localhost:3000' }).url).toBe('https://localhost:3000/');
    expect(saveLinkBody.safeParse({ url: 'a.com', categories: ['News', 'Work', 'Blog', 'Video'] }).error?.issues[0].message).toBe(
      'You can select up to 3 categories',
    );
    expect(saveLinkBody.safeParse({ url: 'a.com', categories: [' '] }).error?.issues[0].message).toBe('Please enter a valid category name');
  });

  it('read page, page size and filters from a query string', () => {
    expect(historyQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(historyQuery.parse({ page: '3', limit: '50', unread: 'true' })).toEqual({ page: 3, limit: 50, unread: 'true' });
    expect(historyQuery.safeParse({ limit: '30' }).error?.issues[0].message).toBe('Page size must be 10, 20 or 50');
    expect(historyQuery.safeParse({ page: '0' }).error?.issues[0].message).toBe('Page must be a whole number of at least 1');
    expect(historyQuery.safeParse({ page: 'x' }).success).toBe(false);
  });
});
