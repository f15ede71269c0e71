import { describe, expect, it } from 'vitest';
import { sharedLinkFrom } from './shared-link';

const shared = (query: Record<string, string>) => sharedLinkFrom(new URLSearchParams(query));

describe('sharedLinkFrom', () => {
  it('takes the shared url, and the text as notes', () => {
    expect(shared({ url: 'https://ex.example/a', title: 'A', text: 'Worth a read' })).toEqual({
      url: 'https://ex.example/a',
      notes: 'Worth a read',
      title: 'A',
    });
  });

  it('finds the address in the text when url is empty, as many Android apps send it', () => {
    expect(shared({ url: '', text: 'Look https://ex.example/a' })).toEqual({ url: 'https://ex.example/a', notes: 'Look', title: '' });
    expect(shared({ text: 'Read this: https://ex.example/a?b=1&c=2, it is good.' })).toEqual({
      url: 'https://ex.example/a?b=1&c=2',
      notes: 'Read this: , it is good.',
      title: '',
    });
  });

  it('drops punctuation that ends the sentence, not the address', () => {
    expect(shared({ text: '(see https://ex.example/wiki/Page_(film).)' }).url).toBe('https://ex.example/wiki/Page_(film)');
    expect(shared({ text: '(see https://ex.example/a)' }).url).toBe('https://ex.example/a');
    expect(shared({ text: 'Here: https://ex.example/a.' }).url).toBe('https://ex.example/a');
  });

  it('looks in the title last', () => {
    expect(shared({ title: 'https://ex.example/t', text: 'no address here' })).toEqual({
      url: 'https://ex.example/t',
      notes: 'no address here',
      title: '',
    });
  });

  it('ignores a url that is not a web address', () => {
    expect(shared({ url: 'content://media/1', text: 'Look https://ex.example/a' }).url).toBe('https://ex.example/a');
  });

  it('leaves the URL empty when nothing shared is a web address', () => {
    expect(shared({ text: 'Just some words' })).toEqual({ url: '', notes: 'Just some words', title: '' });
    expect(shared({})).toEqual({ url: '', notes: '', title: '' });
  });
});
