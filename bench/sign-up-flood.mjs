// docs/product/accounts.md, Sign-up floods: another user's sign-in while 16 sign-ups run at once, again and again.
// The built server runs in its own process (dist/server/main.js of the working directory); this
// process is the load generator. Run from a checkout whose build is current:
//   node bench/sign-up-flood.mjs            16 sign-ups from one IP address
//   node bench/sign-up-flood.mjs --spread   each sign-up from its own address (X-Forwarded-For,
//                                           which the server believes from loopback): the IP limit
//                                           does not help, only the bounded hashing pool does
import { createBenchDatabase, startStash } from './stash-process.mjs';

const FLOODERS = 16;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 20) * 1000;
const spread = process.argv.includes('--spread');

const database = await createBenchDatabase('signup_flood');
const stash = await startStash(database.url, { LOG_LEVEL: 'warn', READ_PAGES: 'off' });
const post = (path, body, headers = {}) =>
  fetch(`${stash.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stash.url, ...headers },
    body: JSON.stringify(body),
  });

try {
  const account = { firstName: 'Other', lastName: 'User', email: 'other-user@example.com', password: 'a long enough password' };
  if ((await post('/api/auth/create-trial-account', account)).status !== 201) throw new Error('could not make the signing-in user');

  let made = 0;
  const statuses = {};
  const until = Date.now() + DURATION_MS;
  const flooder = async (n) => {
    while (Date.now() < until) {
      const i = ++made;
      const res = await post(
        '/api/auth/create-trial-account',
        { firstName: 'Flood', lastName: `${i}`, email: `flood-${i}@example.com`, password: 'a long enough password' },
        spread ? { 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` } : {},
      );
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      await res.arrayBuffer();
      // A refused sign-up comes back at once: the flood goes on at the same pace rather than spinning.
      if (res.status === 429) await new Promise((r) => setTimeout(r, 100 + n));
    }
  };
  const signIns = [];
  const signingIn = async () => {
    // Waits a moment so that the flood is under way.
    await new Promise((r) => setTimeout(r, 1000));
    while (Date.now() < until) {
      const started = performance.now();
      const res = await post('/api/auth/login', { email: account.email, password: account.password }, { 'x-forwarded-for': '192.0.2.1' });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
      signIns.push(performance.now() - started);
    }
  };
  await Promise.all([...Array.from({ length: FLOODERS }, (_, n) => flooder(n)), signingIn()]);

  signIns.sort((a, b) => a - b);
  const at = (q) => Math.round(signIns[Math.min(signIns.length - 1, Math.floor(q * signIns.length))]);
  console.log(
    JSON.stringify({
      mode: spread ? 'spread' : 'one IP',
      seconds: DURATION_MS / 1000,
      signIns: signIns.length,
      p50: at(0.5),
      p99: at(0.99),
      max: at(1),
      signUpAnswers: statuses,
    }),
  );
} finally {
  await stash.stop();
  await database.drop();
}
