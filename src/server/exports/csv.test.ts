import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { STASH_CSV_COLUMNS } from './columns';
import { toCsv } from './csv';
import type { ExportedLink } from './exported-link';

const link = (fields: Partial<ExportedLink>): ExportedLink => ({
  id: '00000000-0000-0000-0000-000000000001',
  url: 'https://a.example/',
  title: null,
  description: null,
  notes: null,
  categories: [],
  includeInNewsletter: true,
  readAt: null,
  createdAt: new Date('2024-01-01T00:00:00Z'),
  siteName: null,
  excerpt: null,
  text: null,
  highlights: [],
  ...fields,
});

describe('toCsv', () => {
  it('keeps a note with a lone line feed or carriage return inside one quoted cell', () => {
    const csv = toCsv([link({ notes: 'first\nsecond' }), link({ title: 'old\rmac' })]);
    expect(csv).toContain(',"first\nsecond",');
    expect(csv).toContain(',"old\rmac",');
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.notes, row.title])).toEqual([
      ['first\nsecond', ''],
      ['', 'old\rmac'],
    ]);
  });

  it('writes a header row and every column in order, dates as ISO text', () => {
    const csv = toCsv([link({ title: 'A, "quoted" title', categories: ['Work', 'Later'], readAt: new Date('2024-02-02T00:00:00Z') })]);
    expect(csv).toBe(
      `${STASH_CSV_COLUMNS.join(',')}\r\n` +
        'https://a.example/,"A, ""quoted"" title",,,Work,Later,,true,2024-02-02T00:00:00.000Z,2024-01-01T00:00:00.000Z,\r\n',
    );
  });
});
