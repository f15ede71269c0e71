import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../../../tests/support/imports';
import { readWholeText } from '../text-stream';
import { openImportFiles, type ImportInput } from './upload-files';

const folder = mkdtempSync(path.join(tmpdir(), 'stash-upload-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function saved(name: string, data: Buffer | string) {
  const file = path.join(folder, name);
  writeFileSync(file, data);
  return { path: file, name };
}

/** Each file's name and text, read as the parsers do. */
async function read(input: ImportInput, source: 'pocket') {
  const { files, close } = await openImportFiles(input, source);
  try {
    const read: [string, string][] = [];
    for (const file of files) read.push([file.name, await readWholeText(await file.open())]);
    return read;
  } finally {
    close();
  }
}

describe('openImportFiles', () => {
  it('reads the files of a ZIP that the source reads, in name order, one at a time', async () => {
    const zip = makeZip({
      'part_000001.csv': 'b\n',
      '__MACOSX/._part.csv': 'junk',
      'notes.txt': 'no',
      'part_000000.csv': 'a,Zürich\n',
      'inner.zip': 'x',
    });
    expect(await read(saved('export.zip', zip), 'pocket')).toEqual([
      ['part_000000.csv', 'a,Zürich\n'],
      ['part_000001.csv', 'b\n'],
    ]);
  });

  it('gives a file that is not a ZIP as it is, and csvData text as one file', async () => {
    expect(await read(saved('part.csv', 'url\nhttps://a.example\n'), 'pocket')).toEqual([['part.csv', 'url\nhttps://a.example\n']]);
    expect(await read({ text: 'url\n' }, 'pocket')).toEqual([['', 'url\n']]);
  });

  // One that would inflate past 100 MB: routes.test.ts.
  it('fails a ZIP entry that inflates to more than it declared', async () => {
    const zip = makeZip({ 'part_000000.csv': `url\n${'https://a.example/\n'.repeat(1000)}` });
    // The entry's declared (uncompressed) size, in its local header and in the ZIP's directory, lowered to 100 bytes.
    zip.writeUInt32LE(100, 22);
    zip.writeUInt32LE(100, zip.indexOf(Buffer.from([0x50, 0x4b, 1, 2])) + 24);
    await expect(read(saved('lying.zip', zip), 'pocket')).rejects.toThrow('This ZIP file could not be read.');
  });

  it('refuses a broken ZIP and one without a file the source reads', async () => {
    await expect(read(saved('broken.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100)])), 'pocket')).rejects.toThrow(
      'This ZIP file could not be read.',
    );
    await expect(read(saved('none.zip', makeZip({ 'notes.txt': 'no' })), 'pocket')).rejects.toThrow('There is no CSV file in this ZIP.');
  });
});
