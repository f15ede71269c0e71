import { describe, expect, it } from 'vitest';
import { toSearchQuery } from './search-query';

describe('toSearchQuery', () => {
  it('matches every word, the last one also as a prefix', () => {
    expect(toSearchQuery('Postgres  index')).toBe('postgres & index:*');
    expect(toSearchQuery('reac')).toBe('reac:*');
    expect(toSearchQuery('go re')).toBe('go & re');
  });

  it('keeps only letters and digits, so nothing typed is tsquery syntax', () => {
    expect(toSearchQuery("it's a & b | !c:* (d) 'eee'")).toBe('it & s & a & b & c & d & eee:*');
    expect(toSearchQuery('Café über 2024')).toBe('café & über & 2024:*');
    expect(toSearchQuery(' !!! ')).toBeUndefined();
  });

  it('looks at no more than 10 words', () => {
    expect(toSearchQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))?.split(' & ')).toHaveLength(10);
  });
});
