import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../../../tests/support/imports';
import { importFiles } from './upload-files';

const folder = mkdtempSync(path.join(tmpdir(), 'stash-upload-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function saved(name: string, data: Buffer | string) {
  const file = path.join(folder, name);
  writeFileSync(file, data);
  return { path: file, name };
}

describe('importFiles', () => {
  it("reads the files of a ZIP that the source reads, in name order, one at a time", () => {
    const zip = makeZip({ 'part_000001.csv': 'b\n', '__MACOSX/._part.csv': 'junk', 'notes.txt': 'no', 'part_000000.csv': 'a,Zürich\n', 'inner.zip': 'x' });
    const files = importFiles(saved('export.zip', zip), 'pocket');
    expect(files.map((file) => [file.name, file.text()])).toEqual([
      ['part_000000.csv', 'a,Zürich\n'],
      ['part_000001.csv', 'b\n'],
    ]);
  });

  it('gives a file that is not a ZIP as it is, and csvData text as one file', () => {
    expect(importFiles(saved('part.csv', 'url\nhttps://a.example\n'), 'pocket').map((file) => [file.name, file.text()])).toEqual([['part.csv', 'url\nhttps://a.example\n']]);
    expect(importFiles({ text: 'url\n' }, 'pocket').map((file) => file.text())).toEqual(['url\n']);
  });

  // One that would inflate past 100 MB: routes.test.ts.
  it('refuses a broken ZIP and one without a file the source reads', () => {
    expect(() => importFiles(saved('broken.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100)])), 'pocket')).toThrow('This ZIP file could not be read.');
    expect(() => importFiles(saved('none.zip', makeZip({ 'notes.txt': 'no' })), 'pocket')).toThrow('There is no CSV file in this ZIP.');
  });
});
