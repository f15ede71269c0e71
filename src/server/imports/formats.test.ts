import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, multipartBody } from '../../../tests/support/imports';
import { signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links } from '../db/schema';

/*
 * Browsers' JSON bookmark files, and every format recognised from the file itself (`auto`), through
 * HTTP. The fixtures follow the formats' public descriptions: Chromium's `Bookmarks` file (roots
 * bookmark_bar / other / synced, nodes of type url or folder, date_added in microseconds since
 * 1601-01-01) and Firefox's bookmark backup (nested place containers with a `root` for the
 * browser's own, places with `uri`, `dateAdded` in microseconds, `tags` comma-separated).
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const upload = (as: SignedInUser, source: string, fileName: string, data: string | Buffer) => {
  const { body, contentType } = multipartBody(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/import/${source}`,
    headers: { ...as.headers, 'content-type': contentType },
    payload: body,
  });
};

const linksOf = async (userId: string) =>
  (await t.ctx.database.db.select().from(links).where(eq(links.userId, userId)))
    .map((row) => ({ url: row.url, title: row.title, categories: row.categories, createdAt: row.createdAt.toISOString() }))
    .sort((a, b) => a.url.localeCompare(b.url));

/** Microseconds since 1601-01-01 of an ISO date, as Chromium writes `date_added`. */
const chromeTime = (iso: string) => String((BigInt(Date.parse(iso)) + 11_644_473_600_000n) * 1000n);

const chromeBookmarks = JSON.stringify({
  checksum: '0123456789abcdef0123456789abcdef',
  roots: {
    bookmark_bar: {
      children: [
        {
          date_added: chromeTime('2023-03-04T05:06:07.008Z'),
          guid: 'a1',
          id: '5',
          name: 'On the bar',
          type: 'url',
          url: 'https://bar.example/',
        },
        {
          children: [
            {
              date_added: chromeTime('2022-01-02T03:04:05Z'),
              guid: 'a2',
              id: '7',
              name: 'Sourdough',
              type: 'url',
              url: 'https://bread.example/',
            },
          ],
          date_added: chromeTime('2022-01-01T00:00:00Z'),
          guid: 'f1',
          id: '6',
          name: 'Recipes',
          type: 'folder',
        },
      ],
      date_added: chromeTime('2020-01-01T00:00:00Z'),
      guid: '0bc5d13f-2cba-5d74-951f-3f233fe6c908',
      id: '1',
      name: 'Bookmarks bar',
      type: 'folder',
    },
    other: {
      children: [
        {
          date_added: chromeTime('2021-06-01T00:00:00Z'),
          guid: 'a3',
          id: '8',
          name: 'Elsewhere',
          type: 'url',
          url: 'https://other.example/',
        },
      ],
      id: '2',
      name: 'Other bookmarks',
      type: 'folder',
    },
    synced: { children: [], id: '3', name: 'Mobile bookmarks', type: 'folder' },
  },
  version: 1,
});

const firefoxBackup = JSON.stringify({
  guid: 'root________',
  title: '',
  index: 0,
  dateAdded: 1600000000000000,
  lastModified: 1600000000000000,
  id: 1,
  typeCode: 2,
  type: 'text/x-moz-place-container',
  root: 'placesRoot',
  children: [
    {
      guid: 'menu________',
      title: 'menu',
      index: 0,
      id: 2,
      typeCode: 2,
      type: 'text/x-moz-place-container',
      root: 'bookmarksMenuFolder',
      children: [
        {
          guid: 'fold1',
          title: '阅读',
          index: 0,
          id: 10,
          typeCode: 2,
          type: 'text/x-moz-place-container',
          children: [
            {
              guid: 'b1',
              title: 'Long read',
              index: 0,
              dateAdded: 1700000000123456,
              id: 11,
              typeCode: 1,
              tags: 'essays,Later',
              type: 'text/x-moz-place',
              uri: 'https://read.example/long',
            },
          ],
        },
        { guid: 'sep1', index: 1, id: 12, typeCode: 3, type: 'text/x-moz-place-separator' },
        {
          guid: 'b2',
          title: 'Recent',
          index: 2,
          dateAdded: 1690000000000000,
          id: 13,
          typeCode: 1,
          type: 'text/x-moz-place',
          uri: 'place:sort=8&maxResults=10',
        },
      ],
    },
    {
      guid: 'toolbar_____',
      title: 'toolbar',
      index: 1,
      id: 3,
      typeCode: 2,
      type: 'text/x-moz-place-container',
      root: 'toolbarFolder',
      children: [
        {
          guid: 'b3',
          title: 'Toolbar link',
          index: 0,
          dateAdded: 1680000000000000,
          id: 14,
          typeCode: 1,
          type: 'text/x-moz-place',
          uri: 'https://toolbar.example/',
        },
      ],
    },
    {
      guid: 'unfiled_____',
      title: 'unfiled',
      index: 3,
      id: 5,
      typeCode: 2,
      type: 'text/x-moz-place-container',
      root: 'unfiledBookmarksFolder',
      children: [],
    },
  ],
});

describe('browser JSON bookmark files', () => {
  it("imports Chrome's and Edge's Bookmarks file: folders as categories, not the roots; dates from 1601 microseconds", async () => {
    const as = await signedInUser(t, 'pro');
    const res = await upload(as, 'browser-json', 'Bookmarks', chromeBookmarks);
    expect(res.json()).toMatchObject({ imported: 3, errors: 0 });
    expect(await linksOf(as.user.id)).toEqual([
      { url: 'https://bar.example/', title: 'On the bar', categories: ['Uncategorized'], createdAt: '2023-03-04T05:06:07.008Z' },
      { url: 'https://bread.example/', title: 'Sourdough', categories: ['Recipes'], createdAt: '2022-01-02T03:04:05.000Z' },
      { url: 'https://other.example/', title: 'Elsewhere', categories: ['Uncategorized'], createdAt: '2021-06-01T00:00:00.000Z' },
    ]);
  });

  it("imports Firefox's backup: tags then folders as categories, not the roots; a query is a row error, a separator nothing", async () => {
    const as = await signedInUser(t, 'pro');
    const res = await upload(as, 'browser-json', 'bookmarks-2024-01-01.json', firefoxBackup);
    expect(res.json()).toMatchObject({ imported: 2, errors: 1, errorDetails: [{ line: 2, message: 'Not an http(s) web address' }] });
    expect(await linksOf(as.user.id)).toEqual([
      {
        url: 'https://read.example/long',
        title: 'Long read',
        categories: ['essays', 'Later', '阅读'],
        createdAt: '2023-11-14T22:13:20.123Z',
      },
      { url: 'https://toolbar.example/', title: 'Toolbar link', categories: ['Uncategorized'], createdAt: '2023-03-28T10:40:00.000Z' },
    ]);
  });

  it('refuses JSON that is neither with a message', async () => {
    const as = await signedInUser(t, 'pro');
    const res = await upload(as, 'browser-json', 'other.json', '{"links": []}');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This does not look like a browser bookmark file (JSON): it is neither Chrome's nor Firefox's.");
  });
});

describe('formats recognised from the file (auto)', () => {
  it('reads each format without being told which', async () => {
    const as = await signedInUser(t, 'pro');
    const files: [string, string | Buffer][] = [
      ['Bookmarks', chromeBookmarks],
      ['bookmarks-2024-01-01.json', firefoxBackup],
      [
        'bookmarks.html',
        '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://html.example/" ADD_DATE="1600000000">Html</A></DL><p>',
      ],
      ['instapaper.csv', 'URL,Title,Selection,Folder,Timestamp\nhttps://insta.example,Insta,,Archive,1704067200\n'],
      [
        'raindrop.csv',
        'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n1,Drop,A note,,https://drop.example,Unsorted,"video",2024-01-01T00:00:00Z,,,false\n',
      ],
      [
        'pocket.zip',
        makeZip({
          'part_000000.csv': 'title,url,time_added,cursor,tags,status\nPocketed,https://pocket.example/,1700000000,,,unread\n',
          'annotations/part_000000.json': '[]',
        }),
      ],
      ['stash.json', JSON.stringify({ links: [{ url: 'https://stash-json.example/', categories: ['Work'] }] })],
      [
        'stash.csv',
        'url,title,description,notes,category1,category2,category3,include_in_newsletter,read_at,created_at,excerpt\nhttps://stash-csv.example/,Ours,,,Work,,,true,,2024-01-01T00:00:00.000Z,\n',
      ],
    ];
    const imported: number[] = [];
    for (const [name, data] of files) imported.push((await upload(as, 'auto', name, data)).json().imported);
    expect(imported).toEqual([3, 2, 1, 1, 1, 1, 1, 1]);
    const urls = (await linksOf(as.user.id)).map((row) => row.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://drop.example/',
        'https://insta.example/',
        'https://pocket.example/',
        'https://stash-csv.example/',
        'https://stash-json.example/',
        'https://html.example/',
      ]),
    );
  });
});

/*
 * The read-later apps' exports, as their public descriptions and documentation give them (keys
 * and value shapes as each app writes them; the values made up).
 */
const appExports: Record<string, { fileName: string; data: string | Buffer }> = {
  omnivore: {
    fileName: 'omnivore-export.zip',
    data: makeZip({
      'metadata_0_to_2.json': JSON.stringify([
        {
          id: '1b7f',
          slug: 'a-long-read-18c',
          title: 'A long read',
          description: 'About things',
          author: 'Ann',
          url: 'https://omnivore.example/long',
          state: 'Archived',
          readingProgress: 100,
          thumbnail: null,
          labels: ['Essays'],
          savedAt: '2023-06-01T10:00:00.000Z',
          updatedAt: '2023-06-02T10:00:00.000Z',
          publishedAt: null,
        },
        {
          id: '2c8e',
          slug: 'unread-19d',
          title: 'Unread',
          description: null,
          author: null,
          url: 'https://omnivore.example/unread',
          state: 'Succeeded',
          readingProgress: 0,
          thumbnail: null,
          labels: [],
          savedAt: '2023-06-03T10:00:00.000Z',
          updatedAt: null,
          publishedAt: null,
        },
      ]),
      'content/a-long-read-18c.html': '<p>The page</p>',
      'highlights/a-long-read-18c.md': '> a highlight',
    }),
  },
  linkwarden: {
    fileName: 'linkwarden_backup.json',
    data: JSON.stringify({
      id: 1,
      name: 'Ann',
      username: 'ann',
      email: 'ann@example.com',
      collections: [
        {
          id: 1,
          name: 'Research',
          description: '',
          color: '#0ea5e9',
          links: [
            {
              id: 10,
              name: 'Paper',
              type: 'url',
              description: 'A paper',
              url: 'https://linkwarden.example/paper',
              tags: [{ id: 1, name: 'science' }],
              createdAt: '2024-02-03T04:05:06.000Z',
            },
          ],
        },
      ],
      pinnedLinks: [],
    }),
  },
  karakeep: {
    fileName: 'karakeep-export.json',
    data: JSON.stringify({
      bookmarks: [
        {
          createdAt: 1717000000,
          title: 'Saved',
          tags: ['tools'],
          content: { type: 'link', url: 'https://karakeep.example/a' },
          note: 'My note',
          archived: true,
        },
        { createdAt: 1717000100, title: 'A note', tags: [], content: { type: 'text', text: 'just text' }, note: null, archived: false },
      ],
    }),
  },
  wallabag: {
    fileName: 'All articles.json',
    data: JSON.stringify([
      {
        is_archived: 1,
        is_starred: 0,
        tags: ['news'],
        is_public: false,
        id: 5,
        title: 'Wally',
        url: 'https://wallabag.example/w',
        content: '<p>…</p>',
        created_at: '2023-01-02T03:04:05+01:00',
        updated_at: '2023-01-03T00:00:00+01:00',
        archived_at: '2023-01-05T00:00:00+01:00',
        mimetype: 'text/html',
        language: 'en',
        reading_time: 3,
        domain_name: 'wallabag.example',
        preview_picture: null,
        annotations: [],
      },
    ]),
  },
  pinboard: {
    fileName: 'pinboard_export.json',
    data: JSON.stringify([
      {
        href: 'https://pinboard.example/p',
        description: 'Pinned',
        extended: 'Some notes',
        meta: 'abc',
        hash: 'def',
        time: '2022-02-02T02:02:02Z',
        shared: 'no',
        toread: 'yes',
        tags: 'design web',
      },
      {
        href: 'https://pinboard.example/done',
        description: 'Done',
        extended: '',
        meta: 'abd',
        hash: 'deg',
        time: '2022-02-03T02:02:02Z',
        shared: 'no',
        toread: 'no',
        tags: '',
      },
    ]),
  },
  readwise: {
    fileName: 'Reader export.csv',
    data: "Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen\nReader doc,https://readwise.example/r,01h2x,\"['ml', 'papers']\",2024-03-04 05:06:07+00:00,0.5,archive,True\nLater doc,https://readwise.example/later,01h2y,,2024-03-05 05:06:07+00:00,0,later,False\n",
  },
};

const appLinks = async (userId: string) =>
  (await t.ctx.database.db.select().from(links).where(eq(links.userId, userId)))
    .map((row) => ({
      url: row.url,
      title: row.title,
      notes: row.notes,
      categories: row.categories,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));

const expectedAppLinks: Record<string, { imported: number; errors: number; links: Awaited<ReturnType<typeof appLinks>> }> = {
  omnivore: {
    imported: 2,
    errors: 0,
    links: [
      {
        url: 'https://omnivore.example/long',
        title: 'A long read',
        notes: null,
        categories: ['Essays'],
        read: true,
        createdAt: '2023-06-01T10:00:00.000Z',
      },
      {
        url: 'https://omnivore.example/unread',
        title: 'Unread',
        notes: null,
        categories: ['Uncategorized'],
        read: false,
        createdAt: '2023-06-03T10:00:00.000Z',
      },
    ],
  },
  linkwarden: {
    imported: 1,
    errors: 0,
    links: [
      {
        url: 'https://linkwarden.example/paper',
        title: 'Paper',
        notes: null,
        categories: ['science', 'Research'],
        read: false,
        createdAt: '2024-02-03T04:05:06.000Z',
      },
    ],
  },
  karakeep: {
    imported: 1,
    errors: 1,
    links: [
      {
        url: 'https://karakeep.example/a',
        title: 'Saved',
        notes: 'My note',
        categories: ['tools'],
        read: true,
        createdAt: new Date(1717000000 * 1000).toISOString(),
      },
    ],
  },
  wallabag: {
    imported: 1,
    errors: 0,
    links: [
      {
        url: 'https://wallabag.example/w',
        title: 'Wally',
        notes: null,
        categories: ['News'],
        read: true,
        createdAt: '2023-01-02T02:04:05.000Z',
      },
    ],
  },
  pinboard: {
    imported: 2,
    errors: 0,
    links: [
      {
        url: 'https://pinboard.example/done',
        title: 'Done',
        notes: null,
        categories: ['Uncategorized'],
        read: true,
        createdAt: '2022-02-03T02:02:02.000Z',
      },
      {
        url: 'https://pinboard.example/p',
        title: 'Pinned',
        notes: 'Some notes',
        categories: ['design', 'web'],
        read: false,
        createdAt: '2022-02-02T02:02:02.000Z',
      },
    ],
  },
  readwise: {
    imported: 2,
    errors: 0,
    links: [
      {
        url: 'https://readwise.example/later',
        title: 'Later doc',
        notes: null,
        categories: ['Uncategorized'],
        read: false,
        createdAt: '2024-03-05T05:06:07.000Z',
      },
      {
        url: 'https://readwise.example/r',
        title: 'Reader doc',
        notes: null,
        categories: ['ml', 'papers'],
        read: true,
        createdAt: '2024-03-04T05:06:07.000Z',
      },
    ],
  },
};

describe("read-later apps' exports", () => {
  for (const [app, { fileName, data }] of Object.entries(appExports)) {
    it(`imports ${app}'s export, named or recognised from the file: categories, dates and read state`, async () => {
      const expected = expectedAppLinks[app];
      for (const source of [app, 'auto']) {
        const as = await signedInUser(t, 'pro');
        const res = await upload(as, source, fileName, data);
        expect(res.json(), `${app} as ${source}`).toMatchObject({ imported: expected.imported, errors: expected.errors });
        expect(await appLinks(as.user.id), `${app} as ${source}`).toEqual(expected.links);
      }
    });
  }
});
