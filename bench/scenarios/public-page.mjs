// GET /@<handle>/<slug>: the first page of a published category of 1,000 links, as a phone asks
// for it, against a bare route selecting the same 21 rows (a page and one to tell whether there
// is a next) and answering them as a minimal HTML list.
import { publishedCategory, seedLinks, signedInAccount } from '../support.mjs';

const LINKS = 1000;
const PAGE = 20; // PUBLIC_PAGE_SIZE in src/shared/sharing.ts
const CATEGORY = 'Worth reading';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const html = (text) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export default {
  name: `GET /@handle/slug page 1 (public, ${LINKS.toLocaleString('en')} links)`,
  connections: 50,
  /** `links`: the category's size (bench/public-page.mjs --links); npm run bench takes the goal's. */
  async setup({ db, stashUrl, links = LINKS }) {
    const { userId, headers } = await signedInAccount(stashUrl, db, 'pro');
    const { path } = await publishedCategory(stashUrl, headers, CATEGORY);
    await seedLinks(db, userId, links);
    // Every link in the category, with what the page shows of a read page: site, excerpt, reading time.
    await db.query(
      `update links set categories = categories || jsonb_build_array($2::text), site_name = 'Example',
         excerpt = 'What the article says in its first lines, as the reader found them: ' || title || ', and a little more of it.',
         reading_minutes = 1 + length(title) % 12
       where user_id = $1`,
      [userId, CATEGORY],
    );
    await db.query('vacuum analyze links');
    return {
      request: { method: 'GET', path, headers: { 'user-agent': PHONE, accept: 'text/html' } },
      baseline: { userId, name: CATEGORY },
    };
  },
  baseline: ({ userId, name }) => ({
    sql: `select id, url, title, site_name, excerpt, reading_minutes, created_at from links
          where user_id = $1 and categories @> jsonb_build_array($2::text)
          order by created_at desc, id desc limit ${PAGE + 1}`,
    params: () => [userId, name],
    type: 'text/html; charset=utf-8',
    answer: (rows) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${html(name)}</title></head><body><h1>${html(name)}</h1><ul>${rows
        .slice(0, PAGE)
        .map(
          (row) =>
            `<li><a href="${html(row.url)}" rel="ugc nofollow">${html(row.title)}</a> <small>${html(row.site_name)} · ${row.reading_minutes} min · ${row.created_at.toISOString().slice(0, 10)}</small><p>${html(row.excerpt)}</p></li>`,
        )
        .join('')}</ul>${rows.length > PAGE ? '<a href="?page=2">Older</a>' : ''}</body></html>`,
  }),
};
