import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../../tests/support/imports';
import { reloadUser, signedInUser, type SignedInUser } from '../../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { importRuns } from '../../db/schema';
import { importGateOf } from '../routes';

/*
 * Fair imports, through HTTP on an app that parses one import at a time. Where a test needs the
 * only worker busy for as long as it likes, it holds the slot itself through the app's queue, as
 * another account's long import would; it watches the queue only to know when a request waits.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { IMPORTS_AT_ONCE: '1' } });
});

afterAll(async () => {
  await t?.close();
});

const POCKET = 'title,url,time_added,cursor,tags,status\n';
const csv = (host: string, n = 3) =>
  `${POCKET}${Array.from({ length: n }, (_, i) => `Link ${i},https://${host}/${i},1700000000,,,unread`).join('\n')}\n`;

const importJson = (as: SignedInUser, csvData: string) =>
  t.app.inject({ method: 'POST', url: '/api/import/pocket', headers: as.headers, payload: { csvData } });

const importUpload = (as: SignedInUser, data: string) => {
  const { body, contentType } = multipartBody('part_000000.csv', data);
  return t.app.inject({
    method: 'POST',
    url: '/api/import/pocket',
    headers: { ...as.headers, 'content-type': contentType },
    payload: body,
  });
};

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Another account's import, as far as the queue knows: it holds the only worker until `release`. */
function holdTheWorker(): { release: () => void; done: Promise<void> } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { release, done: importGateOf(t.ctx).queue.run('someone-else', () => held) };
}

const waiting = () => importGateOf(t.ctx).queue.waitingCount;

describe('one import at a time per account', () => {
  it('answers a second import 409 while the first is not answered; other accounts and later imports go through', async () => {
    const [one, other] = await Promise.all([signedInUser(t, 'pro'), signedInUser(t, 'pro')]);
    const hold = holdTheWorker();
    const first = importUpload(one, csv('first.example'));
    await until(() => waiting() === 1);

    const second = await importJson(one, csv('second.example'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'IMPORT_RUNNING', message: 'An import of yours is still running.' });
    const others = importJson(other, csv('other.example'));
    await until(() => waiting() === 2);

    hold.release();
    await hold.done;
    expect((await first).json()).toMatchObject({ imported: 3 });
    expect((await others).json()).toMatchObject({ imported: 3 });
    expect((await importJson(one, csv('third.example'))).json()).toMatchObject({ imported: 3 });
    expect(await reloadUser(t.ctx, one.user.id)).toMatchObject({ linkCount: 6 });
  });

  it('holds across processes: an import another web process is running for the account answers 409, until it ends or goes stale', async () => {
    const one = await signedInUser(t, 'pro');
    const { db } = t.ctx.database;
    // The row another process writes while it runs this account's import.
    await db.insert(importRuns).values({ userId: one.user.id });
    const refused = await importJson(one, csv('elsewhere.example'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'IMPORT_RUNNING', message: 'An import of yours is still running.' });

    // That process died mid-import: past 15 minutes its row is taken over.
    await db
      .update(importRuns)
      .set({ startedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(importRuns.userId, one.user.id));
    expect((await importJson(one, csv('taken-over.example'))).json()).toMatchObject({ imported: 3 });
    // Answered, this process's run has ended: the next import is let in at once.
    const runsOf = () => db.select().from(importRuns).where(eq(importRuns.userId, one.user.id));
    expect(await runsOf()).toEqual([]);
    expect((await importJson(one, csv('next.example'))).json()).toMatchObject({ imported: 3 });
    expect(await reloadUser(t.ctx, one.user.id)).toMatchObject({ linkCount: 6 });
  });
});

describe('the queue of imports', () => {
  it('serves an account that has not had its turn before one that just had it, whatever the order they came in', async () => {
    const [regular, newcomer] = await Promise.all([signedInUser(t, 'pro'), signedInUser(t, 'pro')]);
    expect((await importJson(regular, csv('earlier.example'))).json()).toMatchObject({ imported: 3 });

    const hold = holdTheWorker();
    const answered: string[] = [];
    const again = importJson(regular, csv('again.example')).then((res) => {
      answered.push('regular');
      return res;
    });
    await until(() => waiting() === 1);
    const first = importJson(newcomer, csv('newcomer.example')).then((res) => {
      answered.push('newcomer');
      return res;
    });
    await until(() => waiting() === 2);

    hold.release();
    expect((await again).json()).toMatchObject({ imported: 3 });
    expect((await first).json()).toMatchObject({ imported: 3 });
    expect(answered).toEqual(['newcomer', 'regular']);
  });
});

describe('temporary disk for uploads (IMPORT_QUEUE_MB, 200 by default)', () => {
  it('answers 503 with Retry-After once uploads take it all, counting one sent without a length as 50 MB; takes imports again once they are answered', async () => {
    const uploaders = await Promise.all([1, 2, 3, 4].map(() => signedInUser(t, 'pro')));
    const latecomer = await signedInUser(t, 'pro');
    const hold = holdTheWorker();
    const { admission } = importGateOf(t.ctx);
    // Four uploads still on their way, without a Content-Length: 4 × 50 MB.
    const streams = uploaders.map(() => new PassThrough());
    const boundary = '----StashTestBoundary7MA4YWxkTrZu0gW';
    const answers = uploaders.map((as, n) => {
      streams[n].write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="part_000000.csv"\r\nContent-Type: text/csv\r\n\r\n${csv(`u${n}.example`)}`,
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/import/pocket',
        headers: { ...as.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: streams[n],
      });
    });
    await until(() => admission.spooledBytes === 200 * 1024 * 1024);

    const refused = await importJson(latecomer, csv('late.example'));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({
      code: 'IMPORT_QUEUE_FULL',
      message: 'Too many imports are waiting right now. Please try again in a minute.',
    });

    for (const stream of streams) stream.end(`\r\n--${boundary}--\r\n`);
    hold.release();
    expect((await Promise.all(answers)).map((res) => res.json().imported)).toEqual([3, 3, 3, 3]);
    expect(admission.spooledBytes).toBe(0);
    expect((await importJson(latecomer, csv('late.example'))).json()).toMatchObject({ imported: 3 });
  });
});

describe('a malformed large JSON body', () => {
  it('is refused with 400 once it has arrived, without waiting for a worker; nothing is imported', async () => {
    const as = await signedInUser(t, 'pro');
    const hold = holdTheWorker();
    try {
      // 8 MB of a Pocket CSV whose JSON string is never closed, and one broken in the middle.
      const unclosed = `{"csvData": "${csv('big.example', 170_000).replaceAll('\n', '\\n')}`;
      const brokenInside = `${unclosed}", "x": [1, 2,, 3]}`;
      expect(unclosed.length).toBeGreaterThan(8 * 1024 * 1024);
      for (const payload of [unclosed, brokenInside, '<html>not JSON at all</html>'.repeat(300_000)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/import/pocket',
          headers: { ...as.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('The request body must be JSON: { "csvData": "<the file\'s text>" }.');
      }
      // The only worker was never free: none of them waited for it, none was parsed by it.
      expect(waiting()).toBe(0);
      expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 0 });
    } finally {
      hold.release();
    }
  });
});
