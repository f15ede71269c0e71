import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { saveLinkAs, signUpForTrial, sql } from '../support/browser-accounts';
import { newCspReportingContext, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * Highlighting in the reader (docs/reading.md, Highlights): select a sentence, highlight it, find it
 * painted again after a reload, note it, recolour it, remove it; find it through My Stash's search
 * and on the Highlights page, which opens the reader at it. At 320 and 390 px the bar sits at the
 * bottom of the screen, away from the phone's own selection menu; light and dark pass axe.
 */

const SENTENCE = 'The quiet harbour keeps its fishing boats asleep until the morning tide returns.';
const SECOND = 'Lanterns along the pier were lit one by one as the ferry came in.';
const FILLER =
  '<p>Reading lists grow faster than evenings do, so the pages we save wait for a quiet hour that rarely comes. Each saved page is a promise to read later, and a good reader keeps that promise easy to keep.</p>';
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour evenings</title>
<meta property="og:site_name" content="Slow Notes"></head><body><article><h1>Harbour evenings</h1>
${FILLER.repeat(3)}
<p>${SENTENCE}</p>
${FILLER.repeat(2)}
<p>Before dark, <em>${SECOND}</em> Nobody hurried.</p>
${FILLER.repeat(4)}
</article></body></html>`;

const OTHER_ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Errand list</title></head><body><article><h1>Errand list</h1>
${FILLER.repeat(4)}</article></body></html>`;

interface StoredHighlight {
  id: string;
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  color: string;
  note: string | null;
}

const pages = watchPages();

describe.skipIf(!e2eEnabled)('highlights', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: SmtpSink;
  let site: Server;
  let context: BrowserContext;
  let linkId: string;

  beforeAll(async () => {
    site = createServer((request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(request.url === '/other' ? OTHER_ARTICLE : ARTICLE),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sink = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer({ READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on', SMTP_URL: sink.url }),
      launchBrowser(),
    ]);
    context = await newCspReportingContext(browser);
    context.setDefaultTimeout(30_000);
    await signUpForTrial(context, server.url, 'Hana', 'UTC', sink);
    const port = (site.address() as AddressInfo).port;
    for (const name of ['Evening', 'Errands']) {
      const answer = await context.request.post(`${server.url}/api/categories`, { data: { name }, headers: { origin: server.url } });
      if (!answer.ok()) throw new Error(`adding category ${name} failed (${answer.status()})`);
    }
    linkId = await saveLinkAs(context, server.url, { url: `http://127.0.0.1:${port}/harbour`, categories: ['Evening'] });
    await saveLinkAs(context, server.url, { url: `http://127.0.0.1:${port}/other`, categories: ['Errands'] });
    for (const deadline = Date.now() + 30_000; (await api<{ contentStatus: string }>(`/api/links/${linkId}`)).contentStatus !== 'ready'; ) {
      if (Date.now() > deadline) throw new Error('the article was not read within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  async function api<T>(path: string): Promise<T> {
    return (await (await context.request.get(`${server.url}${path}`)).json()) as T;
  }
  const stored = () => api<StoredHighlight[]>(`/api/links/${linkId}/highlights`);
  const marks = (page: Page) => page.locator('.reader-article mark.stash-highlight');
  const markOf = (page: Page, text: string) => marks(page).filter({ hasText: text });

  /** Selects a passage of one text node with the keyboard's and the mouse's tool: a DOM selection, as either leaves it. */
  async function select(page: Page, passage: string) {
    await page.evaluate((passage) => {
      const root = document.querySelector('.reader-article')!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node as Text).data.indexOf(passage);
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + passage.length);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
        return;
      }
      throw new Error(`no text node holds ${passage}`);
    }, passage);
    await page.getByRole('toolbar', { name: 'Selected text' }).waitFor();
  }

  it('highlights a sentence selected with the mouse, keeps it through a reload, notes it, recolours it and removes it', async () => {
    const page = await pages.open(context, `${server.url}/read/${linkId}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    // A triple click selects the sentence's paragraph.
    await page.getByText(SENTENCE).click({ clickCount: 3 });
    const bar = page.getByRole('toolbar', { name: 'Selected text' });
    await bar.waitFor();
    // On a desktop the bar sits just below the selection.
    const [barBox, paragraphBox] = [await bar.boundingBox(), await page.getByText(SENTENCE).boundingBox()];
    expect(barBox!.y).toBeGreaterThanOrEqual(paragraphBox!.y + paragraphBox!.height);
    expect(barBox!.y).toBeLessThan(paragraphBox!.y + paragraphBox!.height + 80);
    await bar.getByRole('button', { name: 'Highlight' }).click();
    await markOf(page, SENTENCE).waitFor();
    expect(await marks(page).first().getAttribute('data-color')).toBe('yellow');
    expect(await bar.count()).toBe(0);

    // Stored as the server counts: positions and 32 characters of context in the copy's plain text.
    const { text } = await api<{ text: string }>(`/api/links/${linkId}/content`);
    const [saved] = await stored();
    expect(saved).toMatchObject({ exact: SENTENCE, color: 'yellow', note: null });
    expect(text.slice(saved.start, saved.end)).toBe(SENTENCE);
    expect(saved.prefix).toBe(text.slice(saved.start - 32, saved.start));
    expect(saved.suffix).toBe(text.slice(saved.end, saved.end + 32));

    await page.reload();
    await markOf(page, SENTENCE).waitFor();
    expect(await markOf(page, SENTENCE).textContent()).toBe(SENTENCE);

    // Clicked: the editor; a colour, then a note.
    await markOf(page, SENTENCE).click();
    const editor = page.getByRole('dialog', { name: 'Highlight' });
    await editor.getByRole('button', { name: 'Green' }).click();
    await page.waitForFunction(() => document.querySelector('mark.stash-highlight')?.getAttribute('data-color') === 'green');
    await editor.getByLabel('Note').fill('Remember the tide tables');
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(async () => (await stored())[0].note).toBe('Remember the tide tables');
    await checkA11y(page);
    await page.keyboard.press('Escape');
    expect(await editor.count()).toBe(0);
    // Esc closed the editor, not the reader; the focus is back on the highlight.
    expect(new URL(page.url()).pathname).toBe(`/read/${linkId}`);
    expect(await markOf(page, SENTENCE).evaluate((mark) => mark === document.activeElement)).toBe(true);

    await page.reload();
    await markOf(page, SENTENCE).waitFor();
    expect(await markOf(page, SENTENCE).getAttribute('data-color')).toBe('green');

    // A passage inside emphasis, by keyboard: the selection, then n for "Add note", then the note.
    await select(page, SECOND);
    await page.keyboard.press('n');
    await editor.waitFor();
    expect(await editor.getByLabel('Note').evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('Ferry at dusk');
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(async () => (await stored()).map((h) => h.note)).toEqual(['Remember the tide tables', 'Ferry at dusk']);
    expect(await markOf(page, SECOND).textContent()).toBe(SECOND);

    // The first highlight, reached with the keyboard, is removed.
    await editor.getByRole('button', { name: 'Close' }).click();
    await markOf(page, SENTENCE).focus();
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Remove highlight' }).click();
    await page.waitForFunction(
      (sentence) => !document.querySelector('.reader-article')!.innerHTML.includes(`>${sentence}</mark>`),
      SENTENCE,
    );
    await expect.poll(async () => (await stored()).map((h) => h.exact)).toEqual([SECOND]);
    await page.reload();
    await markOf(page, SECOND).waitFor();
    expect(await markOf(page, SENTENCE).count()).toBe(0);
    await page.close();
  }, 120_000);

  it('finds the highlight through search and on the Highlights page, which opens the reader at it', async () => {
    const [highlight] = await stored();
    const page = await pages.open(context, `${server.url}/history?q=ferry`);
    const card = page.getByRole('listitem').filter({ hasText: 'Harbour evenings' });
    await card.getByText('In your highlights or their notes:').waitFor();
    expect(await card.getByText('1 highlight', { exact: true }).count()).toBe(1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Highlights' }).click();
    await page.getByRole('heading', { name: 'Highlights', level: 1 }).waitFor();
    await page.getByText(SECOND).waitFor();
    await page.getByText('Ferry at dusk').waitFor();
    await page.getByLabel('Category').selectOption('Errands');
    await page.getByText('No highlights in Errands').waitFor();
    await page.getByLabel('Category').selectOption('Evening');
    await page.getByRole('link', { name: 'Harbour evenings' }).click();

    await page.waitForURL(`**/read/${linkId}#highlight-${highlight.id}`);
    const mark = page.locator(`#highlight-${highlight.id}`);
    // Focused and flashing: both are set at once, so one look sees both.
    await page.waitForFunction(
      (id) => document.activeElement?.id === `highlight-${id}` && document.activeElement.classList.contains('flash'),
      highlight.id,
    );
    const box = (await mark.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await page.close();
  }, 120_000);

  it('lists a highlight that is not in the copy any more rather than dropping it', async () => {
    await sql(server.databaseUrl!, `update highlights set anchored = false where link_id = $1`, [linkId]);
    const page = await pages.open(context, `${server.url}/read/${linkId}`);
    const section = page.getByRole('region', { name: 'Highlights not found in the current copy' });
    await section.getByText(SECOND).waitFor();
    expect(await marks(page).count()).toBe(0);
    await sql(server.databaseUrl!, `update highlights set anchored = true where link_id = $1`, [linkId]);
    await page.close();
  }, 60_000);

  it('keeps the bar at the bottom of a phone screen, away from its selection menu, and passes axe at 320 and 390 px, light and dark', async () => {
    for (const width of [320, 390]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await pages.open(context, `${server.url}/read/${linkId}`);
        await page.setViewportSize({ width, height: 700 });
        await page.emulateMedia({ colorScheme });
        await markOf(page, SECOND).waitFor();
        const where = `${width} px, ${colorScheme}`;
        await select(page, 'rarely comes');
        const bar = page.getByRole('toolbar', { name: 'Selected text' });
        const box = (await bar.boundingBox())!;
        expect(Math.round(box.y + box.height), where).toBe(700);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(true);
        await checkA11y(page);
        await page.evaluate(() => document.getSelection()!.removeAllRanges());
        await markOf(page, SECOND).click();
        const editor = page.getByRole('dialog', { name: 'Highlight' });
        await editor.waitFor();
        const editorBox = (await editor.boundingBox())!;
        expect(editorBox.width, where).toBeLessThanOrEqual(width);
        await checkA11y(page);
        await page.goto(`${server.url}/highlights`);
        await page.getByText(SECOND).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(true);
        await checkA11y(page);
        await page.close();
      }
    }
  }, 600_000);

  it('had no console errors or uncaught exceptions', () => {
    expect(pages.problems).toEqual([]);
  });
});
