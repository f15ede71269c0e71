// POST /api/links: session, validation, duplicate check, the counters and the insert in one
// transaction, the page read queued and done by the same process (to a private address, refused
// at once: no traffic leaves the machine) — against a bare route doing one INSERT. Saves come from
// 50 users in turn, as 50 people saving at once would; saveLinks(1) shows one user's 50
// simultaneous saves, which take turns on that user's row (its counters).
import { randomUUID } from 'node:crypto';
import { signedInAccount } from '../support.mjs';

function saveLinks(users) {
  return {
    name: `POST /api/links (${users === 1 ? 'one user' : `${users} users`})`,
    connections: 50,
    async setup({ db, stashUrl }) {
      const accounts = [];
      for (let i = 0; i < users; i++) accounts.push(await signedInAccount(stashUrl, db, 'pro'));
      let saves = 0;
      return {
        request: {
          method: 'POST',
          path: '/api/links',
          headers: { 'content-type': 'application/json', origin: stashUrl },
          // Every request a new page, saved by the next of the users in turn.
          requests: [
            {
              setupRequest(request) {
                saves += 1;
                const url = `http://10.20.30.40/articles/${saves}?utm_source=bench`;
                const { cookie } = accounts[saves % accounts.length].headers;
                return {
                  ...request,
                  headers: { ...request.headers, cookie },
                  body: JSON.stringify({ url, notes: 'Saved by the benchmark', categories: ['Article', 'News'] }),
                };
              },
            },
          ],
        },
        baseline: { userId: accounts[0].userId },
      };
    },
    baseline: ({ userId }) => ({
      sql: 'insert into links (user_id, url, normalized_url) values ($1, $2, $2) returning id, created_at',
      params: () => [userId, `http://10.20.30.40/articles/${randomUUID()}`],
      answer: (rows) => ({ duplicate: false, link: rows[0] }),
    }),
  };
}

export const manyUsers = saveLinks(50);
export const oneUser = saveLinks(1);
