// GET /api/links/history for a user with 10,000 links: page 1 and page 400 (of 500), against a bare
// route running one indexed SELECT of the same 20 rows.
import { linkColumns, seedLinks, signedInAccount } from '../support.mjs';

const LINKS = 10_000;
const LIMIT = 20;

function historyPage(page) {
  return {
    name: `GET /api/links/history page ${page} (10,000 links)`,
    connections: 50,
    async setup({ db, stashUrl }) {
      const { userId, headers } = await signedInAccount(stashUrl, db, 'pro');
      await seedLinks(db, userId, LINKS);
      return {
        request: { method: 'GET', path: `/api/links/history?page=${page}&limit=${LIMIT}`, headers },
        baseline: { userId },
      };
    },
    baseline: ({ userId }) => ({
      sql: `select ${linkColumns} from links where user_id = $1 order by created_at desc, id desc limit ${LIMIT} offset ${(page - 1) * LIMIT}`,
      params: () => [userId],
      answer: (rows) => ({ links: rows, pagination: { page, limit: LIMIT, total: LINKS } }),
    }),
  };
}

export const firstPage = historyPage(1);
export const page400 = historyPage(400);
