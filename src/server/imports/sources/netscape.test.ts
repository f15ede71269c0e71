import { describe, expect, it } from 'vitest';
import { collect, readTime } from '../import-row';
import { textStream } from '../text-stream';
import { parseNetscapeHtml } from './netscape';

/*
 * Bookmark files as browsers write them (the Netscape bookmark format as Firefox, Chromium and
 * Safari document and export it), in other languages than English: a browser's own root folders
 * are known by how the browser marks them, never by their names.
 */
const rowsOf = async (html: string) => (await collect(parseNetscapeHtml(textStream(html)))).rows;
const tagsByUrl = async (html: string) => Object.fromEntries((await rowsOf(html)).map((row) => [row.url, row.tags]));

const HEAD = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>`;

describe('browser root folders', () => {
  it("Firefox in Chinese: the toolbar and other bookmarks are roots by their attributes; the menu's folders are categories", async () => {
    const firefox = `${HEAD}
<H1>书签菜单</H1>

<DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100">阅读</H3>
    <DL><p>
        <DT><A HREF="https://menu.example/article" ADD_DATE="1700000001" LAST_MODIFIED="1700000002">菜单里的文章</A>
    </DL><p>
    <DT><A HREF="https://menu.example/top" ADD_DATE="1700000001">菜单</A>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100" PERSONAL_TOOLBAR_FOLDER="true">书签工具栏</H3>
    <DL><p>
        <DT><A HREF="https://toolbar.example/" ADD_DATE="1700000003">工具栏链接</A>
        <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100">工作</H3>
        <DL><p>
            <DT><A HREF="https://work.example/" ADD_DATE="1700000004">工作链接</A>
        </DL><p>
    </DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100" UNFILED_BOOKMARKS_FOLDER="true">其他书签</H3>
    <DL><p>
        <DT><A HREF="https://other.example/" ADD_DATE="1700000005">其他</A>
    </DL><p>
</DL>
`;
    expect(await tagsByUrl(firefox)).toEqual({
      'https://menu.example/article': ['阅读'],
      'https://menu.example/top': [],
      'https://toolbar.example/': [],
      'https://work.example/': ['工作'],
      'https://other.example/': [],
    });
  });

  it("Edge: the Favorites bar is a root by its attribute, and the other favorites written in the file's own list have none", async () => {
    const edge = `${HEAD}
<H1>Favorites</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100" PERSONAL_TOOLBAR_FOLDER="true">Favorites bar</H3>
    <DL><p>
        <DT><A HREF="https://bar.example/" ADD_DATE="1700000001">Bar</A>
    </DL><p>
    <DT><A HREF="https://other.example/" ADD_DATE="1700000002">Other</A>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100">Travel</H3>
    <DL><p>
        <DT><A HREF="https://travel.example/" ADD_DATE="1700000003">Trip</A>
    </DL><p>
</DL><p>
`;
    expect(await tagsByUrl(edge)).toEqual({
      'https://bar.example/': [],
      'https://other.example/': [],
      'https://travel.example/': ['Travel'],
    });
  });

  it('Safari: Favorites, Bookmarks Menu and Reading List at the top level of the file are roots; folders inside them are categories', async () => {
    const safari = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
	<HTML>
	<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
	<Title>Bookmarks</Title>
	<H1>Bookmarks</H1>
	<DT><H3 FOLDED>Favorites</H3>
	<DL><p>
		<DT><A HREF="https://fav.example/">Fav</A>
		<DT><H3 FOLDED>Recipes</H3>
		<DL><p>
			<DT><A HREF="https://recipe.example/">Bread</A>
		</DL><p>
	</DL><p>
	<DT><H3 FOLDED>Bookmarks Menu</H3>
	<DL><p>
		<DT><A HREF="https://menu.example/">Menu</A>
	</DL><p>
	<DT><H3 id="com.apple.ReadingList" FOLDED>Reading List</H3>
	<DL><p>
		<DT><A HREF="https://later.example/">Later</A>
	</DL><p>
</HTML>
`;
    expect(await tagsByUrl(safari)).toEqual({
      'https://fav.example/': [],
      'https://recipe.example/': ['Recipes'],
      'https://menu.example/': [],
      'https://later.example/': [],
    });
  });
});

describe('dates and read state', () => {
  it('reads ADD_DATE in seconds, milliseconds (Google Bookmarks, linkding) and microseconds', async () => {
    const at = Date.parse('2023-11-14T22:13:20Z');
    const html = `${HEAD}<DL><p>
<DT><A HREF="https://s.example/" ADD_DATE="${at / 1000}">s</A>
<DT><A HREF="https://ms.example/" ADD_DATE="${at + 123}">ms</A>
<DT><A HREF="https://us.example/" ADD_DATE="${(at + 123) * 1000 + 456}">µs</A>
</DL><p>`;
    expect((await rowsOf(html)).map((row) => row.createdAt?.toISOString())).toEqual([
      '2023-11-14T22:13:20.000Z',
      '2023-11-14T22:13:20.123Z',
      '2023-11-14T22:13:20.123Z',
    ]);
    expect([readTime('1700000000'), readTime('1700000000000'), readTime('1700000000000000')].map((date) => date?.getTime())).toEqual([
      at,
      at,
      at,
    ]);
    expect(readTime('2024-01-01T00:00:00Z')?.getTime()).toBe(Date.parse('2024-01-01T00:00:00Z'));
    expect(readTime('0')).toBeNull();
  });

  it('reads TOREAD (Pinboard, linkding, Stash) as unread or read, read at LAST_VISIT', async () => {
    const html = `${HEAD}<DL><p>
<DT><A HREF="https://unread.example/" ADD_DATE="1700000000" TOREAD="1">u</A>
<DT><A HREF="https://read.example/" ADD_DATE="1700000000" TOREAD="0" LAST_VISIT="1700000500">r</A>
<DT><A HREF="https://plain.example/" ADD_DATE="1700000000">p</A>
</DL><p>`;
    expect((await rowsOf(html)).map((row) => [row.url, row.readAt?.getTime() ?? null])).toEqual([
      ['https://unread.example/', null],
      ['https://read.example/', 1700000500 * 1000],
      ['https://plain.example/', null],
    ]);
  });
});

describe('our own older export', () => {
  // What our bookmark export wrote before it put the links in the file's own list: every link in one folder "Stash".
  const oldStashExport = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>Stash</H3>
    <DL><p>
        <DT><A HREF="https://a.example/" ADD_DATE="1700000000" TAGS="News,Recipes">A</A>
        <DD>A note
        <DT><A HREF="https://b.example/" ADD_DATE="1700000100" TAGS="Uncategorized">B</A>
    </DL><p>
</DL><p>
`;

  it('does not make its "Stash" wrapper folder a category', async () => {
    expect(await tagsByUrl(oldStashExport)).toEqual({
      'https://a.example/': ['News', 'Recipes'],
      'https://b.example/': ['Uncategorized'],
    });
  });

  it("still makes a browser's own folder named Stash a category, and one after other entries", async () => {
    const browser = `${HEAD}
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100">Stash</H3>
    <DL><p>
        <DT><A HREF="https://in-folder.example/" ADD_DATE="1700000001">In</A>
    </DL><p>
</DL><p>
`;
    const later = `${HEAD}
<DL><p>
    <DT><A HREF="https://first.example/" ADD_DATE="1700000001">First</A>
    <DT><H3>Stash</H3>
    <DL><p>
        <DT><A HREF="https://later.example/" ADD_DATE="1700000002">Later</A>
    </DL><p>
</DL><p>
`;
    expect(await tagsByUrl(browser)).toEqual({ 'https://in-folder.example/': ['Stash'] });
    expect(await tagsByUrl(later)).toEqual({ 'https://first.example/': [], 'https://later.example/': ['Stash'] });
  });
});
