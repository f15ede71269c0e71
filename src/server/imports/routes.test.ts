import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, multipartBody } from '../../../tests/support/imports';
import { createLinks, reloadUser, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { buildApp } from '../app';
import { categories, links } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const importJson = (as: SignedInUser, source: string, csvData: string) =>
  t.app.inject({ method: 'POST', url: `/api/import/${source}`, headers: as.headers, payload: { csvData } });

const importUpload = (as: SignedInUser, source: string, fileName: string, data: Buffer | string) => {
  const { body, contentType } = multipartBody(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/import/${source}`,
    headers: { ...as.headers, 'content-type': contentType },
    payload: body,
  });
};

const linksOf = (userId: string) => t.ctx.database.db.select().from(links).where(eq(links.userId, userId)).orderBy(links.createdAt);

const POCKET = 'title,url,time_added,cursor,tags,status\n';

describe('POST /api/import/pocket', () => {
  it('imports every link of a file of several batches, later ones larger than the bytes the first came in (insert.ts, encodeBatch)', async () => {
    const as = await signedInUser(t, 'pro');
    // 2,000 links a batch (parse/tally.ts): short titles, then long non-ASCII ones, then short ones again.
    const title = (i: number) => (i >= 2000 && i < 4000 ? `${'日本語の題名 '.repeat(40)}${i}` : `t${i}`);
    const rows = Array.from({ length: 5000 }, (_, i) => `"${title(i)}",https://batches.example/${i},${1600000000 + i},c,,unread`);
    const res = await importUpload(as, 'pocket', 'part_000000.csv', `${POCKET}${rows.join('\n')}\n`);
    expect(res.json()).toMatchObject({ imported: 5000, errors: 0, skipped: 0 });
    const titles = new Map((await linksOf(as.user.id)).map((link) => [link.url, link.title]));
    expect(titles.size).toBe(5000);
    for (const i of [0, 1999, 2000, 3999, 4000, 4999]) expect(titles.get(`https://batches.example/${i}`)).toBe(title(i));
  });

  it('imports a CSV with its dates, categories and read state, and keeps the counters right without using the month', async () => {
    const as = await signedInUser(t, 'free');
    const csv = `${POCKET}"Fast, ""real"" CSV",https://one.example/a?utm_source=x,1700000000,c1,news|Café|work|blog,archive\n,https://two.example,1600000000,c2,,unread\n`;
    const res = await importJson(as, 'pocket', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Imported 2 links.', imported: 2, errors: 0, skipped: 0, errorDetails: [] });
    const [two, one] = await linksOf(as.user.id);
    expect(one).toMatchObject({
      url: 'https://one.example/a?utm_source=x',
      title: 'Fast, "real" CSV',
      category: 'News',
      categories: ['News', 'Work', 'Blog'],
      createdAt: new Date(1700000000 * 1000),
    });
    expect(one.readAt).not.toBeNull();
    expect(two).toMatchObject({
      url: 'https://two.example/',
      title: null,
      categories: ['Uncategorized'],
      readAt: null,
      includeInNewsletter: true,
    });
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 2, monthlyLinksUsed: 0 });
  });

  it('makes new custom categories of tags for Pro and trial accounts', async () => {
    const as = await signedInUser(t, 'trial');
    const res = await importJson(
      as,
      'pocket',
      `${POCKET}A,https://a.example,1700000000,,reading list|Café,unread\nB,https://b.example,1700000000,,café,unread\n`,
    );
    expect(res.json()).toMatchObject({ imported: 2 });
    const custom = await t.ctx.database.db.select().from(categories).where(eq(categories.userId, as.user.id));
    expect(custom.map((c) => c.name).sort()).toEqual(['Café', 'reading list']);
    const rows = await linksOf(as.user.id);
    const a = rows.find((row) => row.url === 'https://a.example/')!;
    expect(a).toMatchObject({ categories: ['reading list', 'Café'], categoryId: custom.find((c) => c.name === 'reading list')!.id });
    expect(rows.find((row) => row.url === 'https://b.example/')).toMatchObject({ categories: ['Café'] });
  });

  it('says which tags beyond the third were not kept', async () => {
    const as = await signedInUser(t, 'pro');
    const csv = `${POCKET}A,https://a.example,1700000000,,news|work|blog|video|Podcasts,unread\nB,https://b.example,1700000000,,news|news|work|blog,unread\nC,https://c.example,1700000000,,tutorial|WORK|blog|podcasts,unread\n`;
    const res = await importJson(as, 'pocket', csv);
    expect(res.json()).toMatchObject({
      imported: 3,
      tagsNotKept: {
        links: 2,
        tags: ['video', 'Podcasts'],
        message: '2 links had more than 3 tags; only the first 3 became categories. Not kept: video, Podcasts.',
      },
    });
    const rows = await linksOf(as.user.id);
    expect(rows.find((row) => row.url === 'https://a.example/')).toMatchObject({ categories: ['News', 'Work', 'Blog'] });
    expect(rows.find((row) => row.url === 'https://b.example/')).toMatchObject({ categories: ['News', 'Work', 'Blog'] });
  });

  it('skips pages already in the stash or twice in the file, and counts them', async () => {
    const as = await signedInUser(t, 'pro');
    await createLinks(t.ctx, as.user, [{ url: 'https://kept.example/page' }]);
    const csv = `${POCKET}Again,http://KEPT.example/page/#top,1700000000,,,unread\nNew,https://new.example,1700000000,,,unread\nNew twice,https://new.example/?fbclid=1,1700000000,,,unread\n`;
    expect((await importJson(as, 'pocket', csv)).json()).toMatchObject({
      imported: 1,
      skipped: 2,
      errors: 0,
      message: 'Imported 1 link; 2 already in your stash.',
    });
    expect((await importJson(as, 'pocket', csv)).json()).toMatchObject({ imported: 0, skipped: 3 });
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 2 });
  });

  it('skips a page that comes again after more than a batch (2,000 links) of others', async () => {
    const as = await signedInUser(t, 'pro');
    const rows = Array.from({ length: 2500 }, (_, i) => `Link ${i},https://batch.example/${i},1700000000,,,unread`);
    const again = [
      'Again,https://batch.example/0?utm_source=x,1700000000,,,unread',
      'Again,http://BATCH.example/2499/,1700000000,,,unread',
    ];
    const res = await importUpload(as, 'pocket', 'part_000000.csv', `${POCKET}${[...rows, ...again].join('\n')}\n`);
    expect(res.json()).toMatchObject({ imported: 2500, skipped: 2, errors: 0 });
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 2500 });
  });

  it('reports bad rows with their line numbers and imports the rest', async () => {
    const as = await signedInUser(t, 'pro');
    const csv = `title,url,time_added,tags,status\nGood,https://good.example,1700000000,,unread\n"Multi\nline title",mailto:someone@example.com,1700000000,,unread\nNo URL,,1700000000,,unread\nAlso good,https://good2.example,1700000000,,unread\n`;
    const res = await importJson(as, 'pocket', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Imported 2 links; 2 rows could not be imported.',
      imported: 2,
      errors: 2,
      skipped: 0,
      errorDetails: [
        { line: 3, message: 'Not an http(s) web address' },
        { line: 5, message: 'No URL' },
      ],
    });
  });

  it("reads Pocket's ZIP of part files uploaded as multipart, with lines per file", async () => {
    const as = await signedInUser(t, 'pro');
    const zip = makeZip({
      'part_000000.csv': `${POCKET}One,https://zip.example/1,1700000000,,,unread\n`,
      'part_000001.csv': `title,url,time_added,tags,status\nTwo,https://zip.example/2,1700000001,,archive\nBad,nope,1,,unread\n`,
      'annotations/part_000000.json': '[{"url":"https://zip.example/annotated","highlights":[]}]',
      'stray.csv': 'name,address\nx,y\n',
    });
    const res = await importUpload(as, 'pocket', 'pocket-export.zip', zip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      imported: 2,
      errors: 2,
      errorDetails: [
        { file: 'part_000001.csv', line: 3, message: 'Not an http(s) web address' },
        { file: 'stray.csv', line: 1, message: 'This does not look like a Pocket export: there is no URL column.' },
      ],
    });
    expect((await linksOf(as.user.id)).map((row) => row.title)).toEqual(['One', 'Two']);
  });

  it('takes a plain CSV as a multipart upload too', async () => {
    const as = await signedInUser(t, 'pro');
    const res = await importUpload(as, 'pocket', 'part_000000.csv', `${POCKET}Up,https://upload.example,1700000000,,,unread\n`);
    expect(res.json()).toMatchObject({ imported: 1 });
  });

  it('answers 413 with a message above 50 MB, 400 for a file it cannot read, 403 for an expired trial; never a 5xx', async () => {
    const as = await signedInUser(t, 'pro');
    const big = await importUpload(as, 'pocket', 'big.csv', Buffer.alloc(50 * 1024 * 1024 + 1, 'x'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 50 MB/);

    // A small ZIP that would inflate past 100 MB (a "ZIP bomb") is refused as such.
    const bomb = await importUpload(as, 'pocket', 'bomb.zip', makeZip({ 'part_000000.csv': `${POCKET}${'x'.repeat(101 * 1024 * 1024)}` }));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toBe('The files in this ZIP come to more than 100 MB. Import them one CSV at a time.');

    const notPocket = await importJson(as, 'pocket', 'name,address\nx,y\n');
    expect(notPocket.statusCode).toBe(400);
    expect(notPocket.json().message).toBe('This does not look like a Pocket export: there is no URL column.');
    expect(
      (await importUpload(as, 'pocket', 'broken.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100)]))).statusCode,
    ).toBe(400);
    expect((await importJson(as, 'myspace', 'a')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/import/pocket', headers: as.headers, payload: {} })).statusCode).toBe(400);

    const expired = await signedInUser(t, 'trialExpired');
    expect((await importJson(expired, 'pocket', `${POCKET}A,https://a.example,1,,,unread\n`)).statusCode).toBe(403);
  });

  it('needs a session and the origin check', async () => {
    const as = await signedInUser(t, 'pro');
    expect((await t.app.inject({ method: 'POST', url: '/api/import/pocket', payload: { csvData: 'x' } })).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...as.headers, origin: 'https://evil.example' },
      payload: { csvData: `${POCKET}A,https://a.example,1,,,unread\n` },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('large and hostile bodies', () => {
  it('imports a JSON body over 64 KB, parsed off the event loop; refuses nested or malformed JSON with 400, nothing imported', async () => {
    const as = await signedInUser(t, 'pro');
    const csv = `${POCKET}${Array.from({ length: 2000 }, (_, i) => `A,https://a.example/${i},1700000000,,,unread\n`).join('')}`;
    expect(Buffer.byteLength(JSON.stringify({ csvData: csv }))).toBeGreaterThan(64 * 1024);
    // 1 MB of nested arrays: what blocked the event loop for seconds once parsed.
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/import/stash',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: `${'['.repeat(512 * 1024)}${']'.repeat(512 * 1024)}`,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe('The request body must be JSON: { "csvData": "<the file\'s text>" }.');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: `{"csvData": "${'x'.repeat(70 * 1024)}`,
    });
    expect(malformed.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: `{"csvData": "", "padding": "${'x'.repeat(70 * 1024)}"}`,
    });
    expect(empty.json()).toMatchObject({ message: 'The file is empty' });
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 0 });

    const imported = await importJson(as, 'pocket', csv);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 2000 });
    // Sent without a length, as a stream: the same.
    const other = await signedInUser(t, 'pro');
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: Readable.from([JSON.stringify({ csvData: csv })]),
    });
    expect(streamed.json()).toMatchObject({ imported: 2000 });
  });

  it('refuses a JSON body over 50 MB with 413 before reading it, and stops reading one sent without a length at 50 MB', async () => {
    const as = await signedInUser(t, 'pro');
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...as.headers, 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024 + 1) },
      payload: '{}',
    });
    expect(declared.statusCode).toBe(413);
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: Readable.from([`{"csvData":"${'x'.repeat(50 * 1024 * 1024)}"}`]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(
      'The file is larger than 50 MB. Split it (Pocket ZIPs can be imported one CSV at a time) and import the parts.',
    );
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 0 });
  });

  it('stops reading an upload sent without a length at 50 MB: 413, nothing imported', async () => {
    const as = await signedInUser(t, 'pro');
    const { body, contentType } = multipartBody('huge.csv', Buffer.alloc(50 * 1024 * 1024 + 1024, 'x'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: { ...as.headers, 'content-type': contentType },
      payload: Readable.from([body]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'The file is larger than 50 MB. Split it (Pocket ZIPs can be imported one CSV at a time) and import the parts.',
    );
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 0 });
  });

  it("answers an import that takes longer than the connection's idle time-out", async () => {
    // Half a second of silence is plenty for the upload itself, from this same process, but not for the import.
    const app = await buildApp(t.ctx, { idleMs: 500, requestMs: 60_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const as = await signedInUser(t, 'pro');
      const { port } = app.server.address() as { port: number };
      const entries = 600_000;
      const form = new FormData();
      form.append('file', new Blob([`[${'{"title":"no url"},'.repeat(entries - 1)}{}]`]), 'stash-export.json');
      const res = await fetch(`http://127.0.0.1:${port}/api/import/stash`, {
        method: 'POST',
        headers: { cookie: as.headers.cookie, origin: as.headers.origin },
        body: form,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ imported: 0, errors: entries });
    } finally {
      await app.close();
    }
  });

  it("answers another user's My Stash while a large file is being parsed", async () => {
    const importer = await signedInUser(t, 'pro');
    const reader = await signedInUser(t, 'pro');
    // Half a million entries that are not links: long to parse, nothing to insert.
    const entries = 500_000;
    const json = `{"links":[${'{"title":"no url"},'.repeat(entries - 1)}{"title":"no url"}]}`;
    let importDone = false;
    const importing = importUpload(importer, 'stash', 'stash-export.json', json).finally(() => (importDone = true));
    let answeredDuring = 0;
    while (!importDone) {
      const page = await t.app.inject({ method: 'GET', url: '/api/links/history?page=1', headers: reader.headers });
      expect(page.statusCode).toBe(200);
      if (!importDone) answeredDuring += 1;
    }
    expect((await importing).json()).toMatchObject({ imported: 0, errors: entries });
    // How many pages come back meanwhile depends on the machine: bench/import-load.mjs measures it.
    expect(answeredDuring).toBeGreaterThan(0);
  });
});

describe('POST /api/import/stash', () => {
  it('reads our JSON, counting an entry that is not a link by its place in the list', async () => {
    const as = await signedInUser(t, 'free');
    const json = JSON.stringify({
      links: [{ url: 'https://json.example', categories: ['Work'], includeInNewsletter: false }, { title: 'no url' }, 'text'],
    });
    const res = await importJson(as, 'stash', json);
    expect(res.json()).toMatchObject({
      imported: 1,
      errors: 2,
      errorDetails: [
        { line: 2, message: 'The row could not be read' },
        { line: 3, message: 'The row could not be read' },
      ],
    });
    // A free account's links always go into the newsletter.
    expect(await linksOf(as.user.id)).toMatchObject([{ url: 'https://json.example/', categories: ['Work'], includeInNewsletter: true }]);
    expect((await importJson(as, 'stash', '{"links": 3}')).json().message).toBe(
      'This does not look like a Stash export: there is no list of links.',
    );
  });
});

describe('the OpenAPI document', () => {
  it('lists the import (JSON or a multipart upload) and export routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const upload = doc.paths['/api/import/{source}'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(upload.parameters[0].schema.enum).toEqual([
      'pocket',
      'netscape',
      'raindrop',
      'instapaper',
      'stash',
      'browser-json',
      'omnivore',
      'linkwarden',
      'karakeep',
      'wallabag',
      'pinboard',
      'readwise',
      'readwise-highlights',
      'auto',
    ]);
    expect(upload.responses['200'].content['application/json'].schema.required).toEqual([
      'success',
      'message',
      'imported',
      'errors',
      'skipped',
      'errorDetails',
    ]);
    expect(doc.paths['/api/export/{format}'].get.parameters[0].schema.enum).toEqual(['csv', 'json', 'html']);
  });
});

describe('POST /api/import/{netscape,raindrop,instapaper}', () => {
  it('imports each format', async () => {
    const as = await signedInUser(t, 'pro');
    const html = '<DL><p><DT><H3>Work</H3><DL><p><DT><A HREF="https://html.example" ADD_DATE="1600000000">Html</A></DL><p></DL>';
    expect((await importJson(as, 'netscape', html)).json()).toMatchObject({ imported: 1 });
    const raindrop =
      'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n1,Drop,A note,,https://drop.example,Unsorted,"video, Fun",2024-01-01T00:00:00Z,,,false\n';
    expect((await importJson(as, 'raindrop', raindrop)).json()).toMatchObject({ imported: 1 });
    const instapaper = 'URL,Title,Selection,Folder,Timestamp\nhttps://insta.example,Insta,,Archive,1704067200\n';
    expect((await importJson(as, 'instapaper', instapaper)).json()).toMatchObject({ imported: 1 });
    const rows = (await linksOf(as.user.id)).sort((a, b) => a.url.localeCompare(b.url));
    expect(rows.map((row) => [row.url, row.categories, row.notes, row.readAt !== null])).toEqual([
      ['https://drop.example/', ['Video', 'Fun'], 'A note', false],
      ['https://html.example/', ['Work'], null, false],
      ['https://insta.example/', ['Uncategorized'], null, true],
    ]);
  });
});

describe('page reads for imported links', () => {
  it('are queued after the answer, after the saves, at most 1,000 an import', async () => {
    const titled = await startTestApp({ env: { READ_PAGES: 'on' } });
    try {
      const as = await signedInUser(titled, 'pro');
      const rows = Array.from({ length: 1300 }, (_, i) => `${i % 13 === 0 ? 'A title' : ''},https://t${i}.example,1700000000,,,unread`);
      const res = await titled.app.inject({
        method: 'POST',
        url: '/api/import/pocket',
        headers: as.headers,
        payload: { csvData: `${POCKET}${rows.join('\n')}\n` },
      });
      expect(res.json()).toMatchObject({ imported: 1300 });
      const queued = async () =>
        (await titled.ctx.database.pool.query<{ n: number }>('select count(*)::int as n from page_reads where priority = 1')).rows[0].n;
      for (let i = 0; i < 300 && (await queued()) < 1000; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await queued()).toBe(1000);
      const pending = await titled.ctx.database.pool.query<{ n: number }>(
        "select count(*)::int as n from links where content_status = 'pending'",
      );
      expect(pending.rows[0].n).toBe(1000);
    } finally {
      await titled.close();
    }
  });
});

describe('import workers', () => {
  let small: TestApp;

  beforeAll(async () => {
    // One import at a time, each worker with a 40 MB heap.
    small = await startTestApp({ env: { IMPORTS_AT_ONCE: '1', IMPORT_WORKER_MEMORY_MB: '40' } });
  });

  afterAll(async () => {
    await small?.close();
  });

  const upload = (app: TestApp, as: SignedInUser, source: string, fileName: string, data: string) => {
    const { body, contentType } = multipartBody(fileName, data);
    return app.app.inject({
      method: 'POST',
      url: `/api/import/${source}`,
      headers: { ...as.headers, 'content-type': contentType },
      payload: body,
    });
  };

  it('answers 413 with a message when a file needs more than the worker may use; nothing is imported and the next import works', async () => {
    const as = await signedInUser(small, 'pro');
    // Our JSON export is read whole: 600,000 links (23 MB) are far more than 40 MB once parsed.
    const links = Array.from({ length: 600_000 }, (_, i) => `{"url":"https://json.example/${i}"}`);
    const res = await upload(small, as, 'stash', 'stash-export.json', `{"links":[${links.join(',')}]}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'BODY_TOO_LARGE',
      message: 'This file holds too much to import at once. Split it and import the parts.',
    });
    expect(await reloadUser(small.ctx, as.user.id)).toMatchObject({ linkCount: 0 });

    // A CSV larger than the worker's whole heap is streamed through it.
    const csv = `${POCKET}${'Again,https://again.example,1700000000,,,unread\n'.repeat(940_000)}New,https://new.example,1700000000,,,unread\n`;
    expect(csv.length).toBeGreaterThan(40 * 1024 * 1024);
    expect((await upload(small, as, 'pocket', 'part_000000.csv', csv)).json()).toMatchObject({ imported: 2, skipped: 939_999, errors: 0 });
    // Two uploads of 23 and 42 MB: 20–30 s alone on 2 cores, longer beside the rest of the suite.
  }, 120_000);

  it('lets more imports than it parses at once wait their turn: every one is answered and imported', async () => {
    const users = await Promise.all([1, 2, 3].map(() => signedInUser(small, 'pro')));
    const rows = (n: number) =>
      Array.from({ length: 5000 }, (_, i) => `Link ${i},https://u${n}.example/${i},1700000000,,,unread`).join('\n');
    const answers = await Promise.all(users.map((as, n) => upload(small, as, 'pocket', 'part_000000.csv', `${POCKET}${rows(n)}\n`)));
    expect(answers.map((res) => [res.statusCode, res.json().imported])).toEqual([
      [200, 5000],
      [200, 5000],
      [200, 5000],
    ]);
    for (const as of users) expect(await reloadUser(small.ctx, as.user.id)).toMatchObject({ linkCount: 5000 });
  });
});
