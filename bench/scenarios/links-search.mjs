// GET /api/links/history?q=… over 100,000 links of one user: the indexed full-text search, goal a
// median under 50 ms. One connection, so the latency is the query's own and not a queue's.
import { linkColumns, seedLinks, signedInAccount } from '../support.mjs';

const LINKS = 100_000;

export default {
  name: 'GET /api/links/history?q=postgres (100,000 links)',
  connections: 1,
  async setup({ db, stashUrl }) {
    const { userId, headers } = await signedInAccount(stashUrl, db, 'pro');
    await seedLinks(db, userId, LINKS);
    return {
      request: { method: 'GET', path: '/api/links/history?q=postgres', headers },
      baseline: { userId },
    };
  },
  baseline: ({ userId }) => ({
    sql: `select ${linkColumns}, count(*) over () as total from links
          where user_id = $1 and search_vector @@ to_tsquery('simple', 'postgres:*')
          order by created_at desc, id desc limit 20`,
    params: () => [userId],
    answer: (rows) => ({ links: rows }),
  }),
};
