import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';
import { collect } from './import-row';
import { TagsToCategories } from './categories';
import { parseInstapaperCsv } from './sources/instapaper';
import { parseNetscapeHtml } from './sources/netscape';
import { parsePocketCsv } from './sources/pocket';
import { parseRaindropCsv } from './sources/raindrop';
import { textStream } from './text-stream';

/** The text as a file arrives: in small chunks, so letters and records are cut between them. */
function fileOf(text: string): Readable {
  const bytes = Buffer.from(text);
  return Readable.from(Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7)));
}

async function recordsOf(input: Readable) {
  const all = [];
  for await (const batch of readCsv(input)) all.push(...batch);
  return all;
}

const records = (text: string) => recordsOf(fileOf(text));

describe('readCsv', () => {
  it('reads quoted commas, doubled quotes, line breaks inside quotes, CRLF and a BOM, with the line each record starts on', async () => {
    const text =
      '\ufefftitle,url\r\n"Commas, and ""quotes""",https://a.example/?q=1,2\r\n"Two\nlines",https://b.example\r\n\r\nlast,Zürich 日本語';
    expect(await records(text)).toEqual([
      { line: 1, cells: ['title', 'url'] },
      { line: 2, cells: ['Commas, and "quotes"', 'https://a.example/?q=1', '2'] },
      { line: 3, cells: ['Two\nlines', 'https://b.example'] },
      { line: 6, cells: ['last', 'Zürich 日本語'] },
    ]);
  });

  it('keeps a stray quote in an unquoted field; a quote never closed is a record that cannot be read', async () => {
    expect(await records('a,b"c\n"open,end\nnever read\n')).toEqual([
      { line: 1, cells: ['a', 'b"c'] },
      { line: 2, cells: undefined },
    ]);
  });
});

describe('parsePocketCsv', () => {
  const newer = 'title,url,time_added,cursor,tags,status\n';
  const older = 'title,url,time_added,tags,status\n';

  it('reads both headers by name: time, tags with spaces and accents, archive as read, URL titles as none', async () => {
    for (const header of [newer, older]) {
      const cursor = header === newer ? ',cur1' : '';
      const text = `${header}"Ideas, ""big"" ones",https://ideas.example/a,1700000000${cursor},reading list|Café|work,archive\nhttps://b.example/,https://b.example/,1600000000${cursor},,unread\n,https://c.example,1500000000${cursor},,unread\n`;
      const { rows, errors } = await collect(parsePocketCsv(fileOf(text)));
      expect(errors).toEqual([]);
      expect(rows).toMatchObject([
        {
          line: 2,
          url: 'https://ideas.example/a',
          title: 'Ideas, "big" ones',
          tags: ['reading list', 'Café', 'work'],
          createdAt: new Date(1700000000 * 1000),
          readAt: expect.any(Date),
        },
        { line: 3, url: 'https://b.example/', title: null, tags: [], createdAt: new Date(1600000000 * 1000), readAt: null },
        { line: 4, url: 'https://c.example/', title: null },
      ]);
    }
  });

  it('counts rows without an http(s) URL as errors with their lines and goes on', async () => {
    const text = `${older}A,javascript:alert(1),1700000000,,unread\nB,,1700000000,,unread\nC,ftp://files.example/x,1,,unread\nD,https://ok.example,1700000000,,unread\n`;
    const { rows, errors } = await collect(parsePocketCsv(fileOf(text)));
    expect(rows.map((row) => row.url)).toEqual(['https://ok.example/']);
    expect(errors).toEqual([
      { line: 2, message: 'Not an http(s) web address' },
      { line: 3, message: 'No URL' },
      { line: 4, message: 'Not an http(s) web address' },
    ]);
  });

  it('refuses a file without a url column', async () => {
    await expect(collect(parsePocketCsv(fileOf('name,address\nx,y\n')))).rejects.toThrow(
      'This does not look like a Pocket export: there is no URL column.',
    );
  });
});

describe('parseRaindropCsv', () => {
  it('reads the backup header: notes, excerpt, comma-separated tags, the folder, ISO dates', async () => {
    const text =
      'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n' +
      '1,Go blog,My note,An excerpt,https://go.example/blog,Dev/Reading,"go, tutorial",2024-01-01T10:00:00.000Z,,,false\n' +
      '2,Pie,,,https://pie.example,Unsorted,,2024-01-02T00:00:00Z,,,false\n';
    expect((await collect(parseRaindropCsv(fileOf(text)))).rows).toMatchObject([
      {
        url: 'https://go.example/blog',
        title: 'Go blog',
        notes: 'My note',
        description: 'An excerpt',
        tags: ['go', 'tutorial', 'Reading'],
        createdAt: new Date('2024-01-01T10:00:00.000Z'),
      },
      { url: 'https://pie.example/', tags: [] },
    ]);
  });
});

describe('parseInstapaperCsv', () => {
  it('reads URL,Title,Selection,Folder,Timestamp and the JSON Tags column; Archive is read, own folders are tags', async () => {
    const text =
      'URL,Title,Selection,Folder,Timestamp,Tags\n' +
      'https://i.example/1,Deep Work,"a quote",Archive,1704067200,"[""focus""]"\n' +
      'https://i.example/2,Remote,,Essays,1704153600,\n' +
      'https://i.example/3,Later,,Unread,1704153600,\n';
    expect((await collect(parseInstapaperCsv(fileOf(text)))).rows).toMatchObject([
      { title: 'Deep Work', notes: 'a quote', tags: ['focus'], readAt: expect.any(Date), createdAt: new Date(1704067200 * 1000) },
      { title: 'Remote', tags: ['Essays'], readAt: null },
      { title: 'Later', tags: [], readAt: null },
    ]);
  });
});

describe('parseNetscapeHtml', () => {
  it('reads links in nested folders with ADD_DATE, TAGS, notes and entities; the browser roots are no tags', async () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<TITLE>Bookmarks</TITLE>
<DL><p>
  <DT><H3 ADD_DATE="1600000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
  <DL><p>
    <DT><H3>Recipes</H3>
    <DL><p>
      <DT><H3>Baking &amp; Bread</H3>
      <DL><p>
        <DT><A HREF="https://bread.example/?a=1&amp;b=2" ADD_DATE="1600000000" TAGS="sourdough,Work">Bread &quot;101&quot;</A>
        <DD>Try on Sunday
      </DL><p>
    </DL><p>
    <DT><A HREF="javascript:void(0)">Bookmarklet</A>
    <DT><A HREF="https://top.example">https://top.example</A>
  </DL><p>
</DL><p>`;
    const { rows, errors } = await collect(parseNetscapeHtml(fileOf(html)));
    expect(rows).toMatchObject([
      {
        line: 10,
        url: 'https://bread.example/?a=1&b=2',
        title: 'Bread "101"',
        tags: ['sourdough', 'Work', 'Baking & Bread', 'Recipes'],
        notes: 'Try on Sunday',
        createdAt: new Date(1600000000 * 1000),
      },
      { line: 15, url: 'https://top.example/', title: null, tags: [] },
    ]);
    expect(errors).toEqual([{ line: 14, message: 'Not an http(s) web address' }]);
  });

  it("reads Pocket's ril_export.html: time_added, tags, and the Read Archive as read", async () => {
    const html = `<!DOCTYPE html><html><body><h1>Unread</h1><ul>
<li><a href="https://u.example" time_added="1700000000" tags="ai,ml">Unread one</a></li></ul>
<h1>Read Archive</h1><ul><li><a href="https://r.example" time_added="1690000000" tags="">Read one</a></li></ul></body></html>`;
    expect((await collect(parseNetscapeHtml(fileOf(html)))).rows).toMatchObject([
      { url: 'https://u.example/', tags: ['ai', 'ml'], readAt: null, createdAt: new Date(1700000000 * 1000) },
      { url: 'https://r.example/', readAt: expect.any(Date) },
    ]);
  });
});

describe('TagsToCategories', () => {
  it('takes the first three tags that are categories, in their spelling; free accounts make none', async () => {
    const free = new TagsToCategories(['Recipes'], false);
    expect(free.categoriesFor(['recipes', 'unknown', 'NEWS', 'work', 'blog'])).toEqual(['Recipes', 'News', 'Work']);
    expect(free.categoriesFor(['unknown'])).toEqual(['Uncategorized']);
    expect(free.created).toEqual([]);
  });

  it('makes new custom categories for Pro and trial accounts, once each whatever the case', async () => {
    const pro = new TagsToCategories([], true);
    expect(pro.categoriesFor(['Café', 'news', 'café', 'x'.repeat(51), 'Reading list', 'more'])).toEqual(['Café', 'News', 'Reading list']);
    expect(pro.categoriesFor(['CAFÉ'])).toEqual(['Café']);
    expect(pro.created).toEqual(['Café', 'Reading list']);
  });
});

describe('malformed and hostile files', () => {
  // Each of these took quadratic time in a naive reader: minutes or hours at 50 MB.
  it('reads a one-column CSV and HTML without closing brackets or quotes in one pass', async () => {
    const oneColumn = `url\n${'https://one.example/x\n'.repeat(200_000)}`;
    expect((await collect(parsePocketCsv(textStream(oneColumn)))).rows).toHaveLength(200_000);
    expect(await recordsOf(textStream(`a\n"${'x\n'.repeat(200_000)}`))).toHaveLength(2);

    const unclosed = `<a href="https://ok.example">ok</a>${'<a href="x" '.repeat(300_000)}`;
    expect((await collect(parseNetscapeHtml(textStream(unclosed)))).rows.map((row) => row.url)).toEqual(['https://ok.example/']);
    const unquoted = `<a href="https://ok.example">ok</a><a ${'x="'.repeat(300_000)}>`;
    expect((await collect(parseNetscapeHtml(textStream(unquoted)))).rows).toHaveLength(1);
    await expect(collect(parseNetscapeHtml(textStream('<a '.repeat(500_000))))).rejects.toThrow('This does not look like a bookmark file');
  });
});
