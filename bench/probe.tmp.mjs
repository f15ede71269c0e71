import pg from 'pg';
import { startStash } from './stash-process.mjs';
const url = process.argv[2];
const db = new pg.Client({ connectionString: url });
await db.connect();
const {
  rows: [u],
} = await db.query('select email from users limit 1');
const stash = await startStash(url, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'off' });
const r = await fetch(`${stash.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: stash.url },
  body: JSON.stringify({ email: u.email, password: 'bench password 1234' }),
});
const cookie = r.headers
  .getSetCookie()
  .map((h) => h.split(';')[0])
  .join('; ');
console.log('login', r.status);
for (const q of process.argv.slice(3)) {
  const times = [];
  for (let i = 0; i < 60; i++) {
    const s = performance.now();
    const res = await fetch(`${stash.url}/api/links/history?q=${encodeURIComponent(q)}`, { headers: { cookie } });
    await res.json();
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(q, 'median', times[30].toFixed(1), 'min', times[0].toFixed(1));
}
await db.end();
await stash.stop();
