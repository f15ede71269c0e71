// Rendering alone: the digest render thread's work (renderEncodedDigest: signed links, React, the size
// budget, the MIME encoding) for digests like bench/digests.mjs sends (20 links, a note on every
// third), in this process, without PostgreSQL or SMTP. Prints CPU time a digest: less noisy than a
// whole run on a shared machine. Bundled as the server is (tsx's loader thread would count in the
// CPU time), with React's production build as the server runs it:
//   npx esbuild bench/digest-render.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=dist/digest-render-bench.mjs && NODE_ENV=production node dist/digest-render-bench.mjs [digests, default 2000]
import { randomUUID } from 'node:crypto';
import type { DigestContent } from '../src/server/digests/compose';
import { renderEncodedDigest } from '../src/server/digests/message';
import { makeKeyring } from '../src/server/digests/tokens';

if (process.env.NODE_ENV !== 'production')
  throw new Error('Run with NODE_ENV=production: React development build renders several times slower.');
const COUNT = Number(process.argv[2] ?? 2000);
const config = { appUrl: 'https://stash.example', mailFrom: 'Stash <digest@stash.example>', linkKeyring: makeKeyring([randomUUID()]) };
const slot = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
const categories = ['Article', 'Blog', 'News', 'Tutorial', 'Video'];

function digest() {
  const user = { id: randomUUID(), email: `reader-${randomUUID()}@bench.example`, timezone: 'UTC' };
  const newLinks = Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    const category = categories[n % 5];
    return {
      id: randomUUID(),
      url: `https://news.example.com/${n}/${user.id}`,
      title: `An article worth reading, number ${n}`,
      notes: n % 3 === 0 ? 'Why I saved this: a note of a sentence or two about it.' : null,
      category,
      categories: [category],
      createdAt: new Date(slot.getTime() - n * 120_000),
      excerpt: null,
      siteName: null,
      readingMinutes: null,
      readable: false,
      yearsAgoToday: null,
    };
  });
  const content: DigestContent = { newLinks, newTotal: newLinks.length, fromStash: [], highlight: null, recap: null };
  return { user, content, at: { outboxId: randomUUID(), date: slot } };
}

const render = ({ user, content, at }: ReturnType<typeof digest>) => renderEncodedDigest(config, user, content, at);
// Warmed up first: the optimizing compiler has seen every path before the clock starts.
for (const each of Array.from({ length: 300 }, digest)) await render(each);
const digests = Array.from({ length: COUNT }, digest);
const cpu = process.cpuUsage();
let bytes = 0;
for (const each of digests) bytes += (await render(each)).raw.length;
const { user, system } = process.cpuUsage(cpu);
console.log(
  `${COUNT} digests rendered and encoded: ${((user + system) / 1000 / COUNT).toFixed(2)} ms CPU a digest, ${Math.round(bytes / COUNT / 1024)} KB a message`,
);
