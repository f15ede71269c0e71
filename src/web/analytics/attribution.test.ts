import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attributionFrom, captureAttribution, currentAttribution } from './attribution';

describe('attributionFrom', () => {
  it('reads rdt_cid, utm_source and utm_campaign, leaving out what is absent or blank', () => {
    expect(attributionFrom('?rdt_cid=abc&utm_source=reddit&utm_campaign=spring&utm_medium=cpc')).toEqual({
      clickId: 'abc',
      utmSource: 'reddit',
      utmCampaign: 'spring',
    });
    expect(attributionFrom('?utm_source=%20&rdt_cid=')).toEqual({});
  });

  it('cuts values to what the server accepts', () => {
    expect(attributionFrom(`?rdt_cid=${'c'.repeat(600)}&utm_source=${'s'.repeat(300)}`)).toEqual({
      clickId: 'c'.repeat(500),
      utmSource: 's'.repeat(200),
    });
  });
});

describe('captureAttribution', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the landing attribution for the visit; a later page without parameters keeps it', () => {
    expect(captureAttribution('?rdt_cid=abc&utm_source=reddit')).toEqual({ clickId: 'abc', utmSource: 'reddit' });
    expect(captureAttribution('')).toEqual({ clickId: 'abc', utmSource: 'reddit' });
    expect(currentAttribution()).toEqual({ clickId: 'abc', utmSource: 'reddit' });
  });

  it('replaces it when the visitor lands again from another ad', () => {
    captureAttribution('?rdt_cid=first&utm_campaign=a');
    captureAttribution('?rdt_cid=second');
    expect(currentAttribution()).toEqual({ clickId: 'second' });
  });

  it('still answers when storage is unavailable', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(captureAttribution('?utm_source=x')).toEqual({ utmSource: 'x' });
    expect(currentAttribution()).toEqual({});
  });
});
