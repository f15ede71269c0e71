import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { PASSWORD, saveLinkAs, signUpForTrial, sql, type Account } from '../support/browser-accounts';
import { newCspReportingContext, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * The reader on a phone and a desktop: a real article's type (headings, lists, quotes, captions,
 * code and tables), its themes and the contrast of every control, reading to the end, and the
 * digest's "Read in Stash" on a browser that is not signed in. With READER_SCREENSHOTS=1,
 * screenshots at 320 and 390 px, light and dark, land in test-results/reader/ to be looked at.
 */

const SCREENSHOTS = process.env.READER_SCREENSHOTS ? path.resolve('test-results/reader') : undefined;
const TITLE = 'A remarkably long title about reading lists, saved pages and the quiet evenings we keep for them';
const PARAGRAPH =
  '<p>Reading lists grow faster than evenings do, so the pages we save wait for a quiet hour that rarely comes. Each saved page is a promise to read later, and a good reader keeps that promise easy to keep.</p>';
const LONG_URL = `https://example.com/${'a-path-without-any-spaces-'.repeat(8)}`;
const CODE_LINE = `const line = "${'x'.repeat(180)}";`;
const TABLE = `<table><thead><tr>${['Configuration', 'Environment', 'Description', 'Dependencies', 'Maintainer', 'Availability'].map((h) => `<th>${h}</th>`).join('')}</tr></thead>
<tbody>${['Stash', 'Pocket', 'Instapaper'].map((name) => `<tr><td>${name}</td><td>Production</td><td>Reading</td><td>PostgreSQL</td><td>Somebody</td><td><a href="https://example.com/availability">Everywhere</a></td></tr>`).join('')}</tbody></table>`;
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title>
<meta property="og:site_name" content="Slow Notes"></head><body><article><h1>${TITLE}</h1>
${PARAGRAPH.repeat(3)}
<h2>Why lists grow</h2>${PARAGRAPH.repeat(2)}
<p>A link that never breaks: <a href="${LONG_URL}">${LONG_URL}</a></p>
<ul><li>Save the page<ul><li>from the browser</li><li>from the phone</li></ul></li><li>Read it later</li></ul>
<ol><li>First</li><li>Second</li></ol>
<blockquote><p>The best time to read a saved page is the evening you save it.</p></blockquote>
<h3>What the copy keeps</h3>${PARAGRAPH.repeat(2)}
<figure><img src="https://images.example.invalid/evening.jpg" alt="An evening lamp" width="2000" height="1000"><figcaption>The lamp we read by.</figcaption></figure>
<pre><code>${CODE_LINE}</code></pre>
${TABLE}
${PARAGRAPH.repeat(6)}
</article></body></html>`;
const FAILING_PATH = '/gone';

const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SCHEMES = ['light', 'dark'] as const;
const READER_THEMES = ['Light', 'Sepia', 'Dark'] as const;
/** Every control of the reader, by its accessible name. */
const CONTROLS = [
  'Back',
  'Smaller text',
  'Larger text',
  'Wider',
  'Auto',
  'Light',
  'Sepia',
  'Dark',
  'Mark as read',
  'Open the original page',
];

// The figure's image cannot be fetched (its host does not exist): the image route answers 502. A
// signed-out browser asks who is signed in (401).
const pages = watchPages([/Failed to load resource: the server responded with a status of (502|401)/]);
// A link without a readable copy, and a changed token: their content answers 404, by design.
const pagesMeeting404 = watchPages([/Failed to load resource: the server responded with a status of (404|401|502)/]);

describe.skipIf(!e2eEnabled)('the reader', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: SmtpSink;
  let site: Server;
  let signedIn: BrowserContext;
  let account: Account;
  let linkId: string;

  beforeAll(async () => {
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    site = createServer((request, response) => {
      if (request.url === FAILING_PATH) return response.writeHead(500).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sink = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer({ READ_PAGES: 'on', ALLOW_PRIVATE_FETCH: 'on', SMTP_URL: sink.url }),
      launchBrowser(),
    ]);
    signedIn = await newCspReportingContext(browser);
    signedIn.setDefaultTimeout(30_000);
    account = await signUpForTrial(signedIn, server.url, 'Rhea', 'UTC', sink);
    linkId = await saveLinkAs(signedIn, server.url, { url: `${siteUrl()}/slow-notes` });
    for (const deadline = Date.now() + 30_000; (await contentStatus(linkId)) !== 'ready'; await new Promise((r) => setTimeout(r, 200))) {
      if (Date.now() > deadline) throw new Error('the article was not read within 30 s');
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  const siteUrl = () => `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  async function contentStatus(id: string): Promise<string> {
    const answer = await signedIn.request.get(`${server.url}/api/links/${id}`);
    return ((await answer.json()) as { contentStatus: string }).contentStatus;
  }

  async function readAt(id: string): Promise<string | null> {
    const answer = await signedIn.request.get(`${server.url}/api/links/${id}`);
    return ((await answer.json()) as { readAt: string | null }).readAt;
  }

  async function setRead(id: string, read: boolean): Promise<void> {
    const answer = await signedIn.request.patch(`${server.url}/api/links/${id}`, { data: { read }, headers: { origin: server.url } });
    expect(answer.ok()).toBe(true);
  }

  const articleHeading = (page: Page) => page.getByRole('heading', { level: 1, name: TITLE });

  /** Whatever sticks out of the page on the right; null when nothing does. */
  const pageOverflow = (page: Page) =>
    page.evaluate(() =>
      document.documentElement.scrollWidth > window.innerWidth ? `${document.documentElement.scrollWidth} > ${window.innerWidth}` : null,
    );

  /** What the reader's computed styles say of the article's parts. */
  const typography = (page: Page) =>
    page.evaluate(() => {
      const body = document.querySelector('.reader-article')!;
      const px = (element: Element | null) => parseFloat(getComputedStyle(element!).fontSize);
      const paragraph = body.querySelector('p')!;
      const nested = body.querySelector('ul ul')!;
      const pre = body.querySelector('pre') as HTMLElement;
      const tableBox = body.querySelector('.reader-table') as HTMLElement;
      const figure = body.querySelector('figure')!;
      const caption = body.querySelector('figcaption')!;
      const image = body.querySelector('img')!;
      const link = [...body.querySelectorAll('p a')].find((a) => a.textContent!.length > 100) as HTMLElement;
      // A cell of one word shows it on one line: no word broken in half.
      const cellLines = [...body.querySelectorAll('th, td')].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      return {
        paragraph: px(paragraph),
        h2: px(body.querySelector('h2')),
        h3: px(body.querySelector('h3')),
        listMarker: getComputedStyle(body.querySelector('ul')!).listStyleType,
        nestedMarker: getComputedStyle(nested).listStyleType,
        nestedIndent: nested.getBoundingClientRect().left - body.querySelector('ul')!.getBoundingClientRect().left,
        orderedMarker: getComputedStyle(body.querySelector('ol')!).listStyleType,
        quoteIndent:
          body.querySelector('blockquote')!.getBoundingClientRect().left -
          paragraph.getBoundingClientRect().left +
          parseFloat(getComputedStyle(body.querySelector('blockquote')!).paddingLeft),
        caption: px(caption),
        captionColour: getComputedStyle(caption).color,
        paragraphColour: getComputedStyle(paragraph).color,
        figureWidth: figure.getBoundingClientRect().width,
        imageWidth: image.getBoundingClientRect().width,
        columnWidth: body.getBoundingClientRect().width,
        pre: {
          scrolls: pre.scrollWidth > pre.clientWidth,
          overflowX: getComputedStyle(pre).overflowX,
          tabIndex: pre.tabIndex,
          background: getComputedStyle(pre).backgroundColor,
          font: getComputedStyle(pre).fontFamily,
        },
        pageBackground: getComputedStyle(document.querySelector('.reader')!).backgroundColor,
        table: {
          scrolls: tableBox.scrollWidth > tableBox.clientWidth,
          overflowX: getComputedStyle(tableBox).overflowX,
          tabIndex: tableBox.tabIndex,
        },
        cellLines,
        longLinkFits: link.getBoundingClientRect().right <= body.getBoundingClientRect().right + 0.5,
      };
    });

  it('sets a real article in long-form type at 320, 390 and 1280 px, light and dark, without the page scrolling sideways', {
    timeout: 180_000,
  }, async () => {
    const page = await pages.open(signedIn, `${server.url}/read/${linkId}`);
    await articleHeading(page).waitFor();
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const where = `${viewport.width} px, ${colorScheme}`;
        await expect.poll(() => pageOverflow(page), { message: where, timeout: 2_000 }).toBeNull();
        const type = await typography(page);
        expect(type.h2, where).toBeGreaterThan(type.paragraph * 1.2);
        expect(type.h3, where).toBeGreaterThan(type.paragraph * 1.1);
        expect(type.listMarker, where).toBe('disc');
        expect(type.nestedMarker, where).toBe('circle');
        expect(type.nestedIndent, where).toBeGreaterThan(10);
        expect(type.orderedMarker, where).toBe('decimal');
        expect(type.quoteIndent, where).toBeGreaterThan(10);
        expect(type.caption, where).toBeLessThan(type.paragraph);
        expect(type.captionColour, where).not.toBe(type.paragraphColour);
        expect(type.imageWidth, where).toBeLessThanOrEqual(type.figureWidth);
        expect(type.figureWidth, where).toBeLessThanOrEqual(type.columnWidth);
        expect(type.pre, where).toMatchObject({ scrolls: true, overflowX: 'auto', tabIndex: 0 });
        expect(type.pre.font, where).toMatch(/mono/i);
        expect(type.pre.background, where).not.toBe(type.pageBackground);
        expect(type.table, where).toMatchObject({ overflowX: 'auto', tabIndex: 0 });
        if (viewport.width < 400) expect(type.table.scrolls, where).toBe(true);
        expect(new Set(type.cellLines), where).toEqual(new Set([1]));
        expect(type.longLinkFits, where).toBe(true);
        if (SCREENSHOTS && viewport.width < 400) {
          // The top, the lists and quote, and the figure, code and table: a screen each.
          for (const [part, selector] of [
            ['top', 'body'],
            ['lists', '.reader-article ul'],
            ['code', '.reader-article figcaption'],
          ]) {
            await page
              .locator(selector)
              .first()
              .evaluate((element) => element.scrollIntoView());
            await page.screenshot({ path: path.join(SCREENSHOTS, `reader-${viewport.width}-${colorScheme}-${part}.png`) });
          }
          await page.evaluate(() => window.scrollTo(0, 0));
        }
      }
      await checkA11y(page);
    }
    // The code block scrolls by keyboard too.
    await page.setViewportSize(VIEWPORTS[0]);
    await page.locator('.reader-article pre').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.reader-article pre').evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);
    await page.close();
  });

  /** The contrast of each control's text against what is behind it, worked out from computed colours (axe skips oklch(… none) colours). */
  const controlContrasts = (page: Page, names: string[]) =>
    page.evaluate((names) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      /** Any CSS colour as sRGB bytes and alpha, as the browser paints it. */
      const rgba = (colour: string): [number, number, number, number] => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const over = (top: number[], bottom: number[]) => top.slice(0, 3).map((channel, i) => channel * top[3] + bottom[i] * (1 - top[3]));
      const behind = (element: Element | null): number[] => {
        if (!element) return [255, 255, 255];
        const own = rgba(getComputedStyle(element).backgroundColor);
        return own[3] === 1 ? own.slice(0, 3) : over(own, behind(element.parentElement));
      };
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((channel) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const buttons = [...document.querySelectorAll('.reader button, .reader a')] as HTMLElement[];
      return Object.fromEntries(
        names.map((name) => {
          // Mark as read says Mark as unread once the page is read.
          const control = buttons.find(
            (button) =>
              (button.getAttribute('aria-label') ?? button.textContent!.trim()).replace('Mark as unread', 'Mark as read') === name,
          );
          if (!control) return [name, 0];
          const background = behind(control);
          const text = over(rgba(getComputedStyle(control).color), background);
          const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
          return [name, Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100];
        }),
      );
    }, names);

  it('follows the system theme until Light, Sepia or Dark is picked, remembers the pick, and every control reads at 4.5:1 in all six combinations', {
    timeout: 120_000,
  }, async () => {
    await setRead(linkId, false);
    const page = await pages.open(signedIn, `${server.url}/read/${linkId}`);
    await articleHeading(page).waitFor();
    const background = () => page.locator('.reader').evaluate((element) => getComputedStyle(element).backgroundColor);
    // Auto: the reader follows the system.
    await page.emulateMedia({ colorScheme: 'light' });
    const lightSystem = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).not.toBe(lightSystem);

    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const theme of READER_THEMES) {
        await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: theme }).click();
        await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
        const contrasts = await controlContrasts(page, CONTROLS);
        for (const [name, contrast] of Object.entries(contrasts))
          expect(contrast, `${name}: system ${colorScheme}, reader ${theme}`).toBeGreaterThanOrEqual(4.5);
        await checkA11y(page);
      }
    }
    // Dark on a light system stays dark after a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await articleHeading(page).waitFor();
    await expect(
      page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(await background()).not.toBe(lightSystem);
    await page.getByRole('button', { name: 'Auto' }).click();
    expect(await background()).toBe(lightSystem);
    await page.close();
  });

  it('marks the page read only after its end was reached and some time spent, offers Mark as unread, and Back leads to My Stash from a first page', {
    timeout: 120_000,
  }, async () => {
    await setRead(linkId, false);
    const openWithClock = async () => {
      const page = await signedIn.newPage();
      await page.clock.install();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/read/${linkId}`);
      await articleHeading(page).waitFor();
      return page;
    };
    // A peek: a minute at the top of the page is not reading it.
    const peek = await openWithClock();
    await peek.clock.runFor(60_000);
    await peek.getByRole('button', { name: 'Mark as read' }).waitFor();
    expect(await readAt(linkId)).toBeNull();
    await peek.close();

    // Jumping to the end at once is not reading it either; staying on it for a quarter of its reading time is.
    const fresh = await openWithClock();
    await fresh.getByRole('button', { name: 'Mark as read' }).scrollIntoViewIfNeeded();
    await fresh.clock.runFor(5_000);
    await fresh.getByRole('button', { name: 'Mark as read' }).waitFor();
    expect(await readAt(linkId)).toBeNull();
    await fresh.clock.runFor(45_000);
    await fresh.getByRole('button', { name: 'Mark as unread' }).waitFor();
    await expect.poll(() => readAt(linkId)).not.toBeNull();
    await fresh.getByRole('button', { name: 'Mark as unread' }).click();
    await fresh.getByRole('button', { name: 'Mark as read' }).waitFor();
    await expect.poll(() => readAt(linkId)).toBeNull();
    // The reader was the tab's first page: Back leads to My Stash.
    await fresh.getByRole('button', { name: 'Back' }).click();
    await fresh.getByRole('heading', { level: 1, name: 'My Stash' }).waitFor();
    // From My Stash, Esc goes back there.
    await fresh.getByRole('link', { name: `Read ${TITLE} in Stash` }).click();
    await articleHeading(fresh).waitFor();
    await fresh.keyboard.press('Escape');
    await fresh.getByRole('heading', { level: 1, name: 'My Stash' }).waitFor();
    await fresh.close();
  });

  it('opens the digest\'s "Read in Stash" on a browser that is not signed in, and a bad token signs in and comes back to the article', {
    timeout: 120_000,
  }, async () => {
    const answer = await signedIn.request.post(`${server.url}/api/send-digest-now`, { headers: { origin: server.url } });
    expect(answer.ok(), await answer.text()).toBe(true);
    await expect
      .poll(() => sink.messages.filter((m) => JSON.stringify(m.to).includes(account.email) && m.subject?.includes('· ')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const digest = sink.messages.find((m) => JSON.stringify(m.to).includes(account.email) && m.subject?.includes('· '))!;
    const readerUrl = /^Read in Stash: (\S+)$/m.exec(digest.text ?? '')?.[1];
    expect(readerUrl, digest.text).toMatch(new RegExp(`/read/${linkId}\\?token=`));

    const phone = await newCspReportingContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phone.setDefaultTimeout(30_000);
    const page = await pagesMeeting404.open(phone, readerUrl!);
    await articleHeading(page).waitFor();
    await page.getByText('The best time to read a saved page is the evening you save it.').waitFor();
    await page.getByRole('link', { name: 'Open the original page' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to see your notes and mark it read' }).waitFor();
    await expect(page.getByRole('region', { name: 'Your notes and categories' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Mark as read' }).count()).resolves.toBe(0);
    expect(await pageOverflow(page)).toBeNull();
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await checkA11y(page);
    }
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'signed-out-390.png') });

    // A changed token: the sign-in, then the same article.
    const tampered = readerUrl!.replace(/token=(.)/, (_match, first: string) => `token=${first === 'A' ? 'B' : 'A'}`);
    await page.goto(tampered);
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/read/${linkId}`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === `/read/${linkId}`);
    await articleHeading(page).waitFor();
    await page.getByRole('region', { name: 'Your notes and categories' }).waitFor();
    await phone.close();
    expect(pagesMeeting404.problems).toEqual([]);
  });

  it('opens a signed-out /read/<id> after signing in', { timeout: 60_000 }, async () => {
    const visitor = await newCspReportingContext(browser);
    visitor.setDefaultTimeout(30_000);
    const page = await pages.open(visitor, `${server.url}/read/${linkId}`);
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === `/read/${linkId}`);
    await articleHeading(page).waitFor();
    await visitor.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'says on the card and in the reader when a readable copy could not be made, and Retry reads the page again',
    async () => {
      const failedId = await saveLinkAs(signedIn, server.url, { url: `${siteUrl()}${FAILING_PATH}`, title: 'A page that would not load' });
      // The page's tries are spaced minutes apart: the test marks its last one failed itself.
      await expect.poll(() => contentStatus(failedId), { timeout: 30_000 }).not.toBe('none');
      await sql(server.databaseUrl!, "update links set content_status = 'failed' where id = $1", [failedId]);
      await sql(server.databaseUrl!, 'delete from page_reads where link_id = $1', [failedId]);

      const page = await pagesMeeting404.open(signedIn, `${server.url}/read/${failedId}`);
      await page.getByRole('heading', { level: 1, name: 'A page that would not load' }).waitFor();
      await page.getByText("Couldn't make a readable copy", { exact: true }).waitFor();
      await expect(page.getByRole('link', { name: 'Open the original page' }).getAttribute('href')).resolves.toBe(
        `${siteUrl()}${FAILING_PATH}`,
      );
      await checkA11y(page);

      await page.goto(`${server.url}/history`);
      const card = page.getByRole('listitem').filter({ hasText: 'A page that would not load' });
      await card.getByText("Couldn't make a readable copy", { exact: true }).waitFor();
      await checkA11y(page);
      await card.getByRole('button', { name: 'Retry reading A page that would not load' }).click();
      // Read again: the link waits for its page, and the notice goes.
      await card.getByText("Couldn't make a readable copy", { exact: true }).waitFor({ state: 'detached' });
      await expect.poll(() => contentStatus(failedId)).toBe('pending');
      await page.close();
    },
  );

  it('has one main landmark, and the account menu names what it shows and leaves nothing focusable under aria-hidden', {
    timeout: 60_000,
  }, async () => {
    const page = await pages.open(signedIn, `${server.url}/read/${linkId}`);
    await articleHeading(page).waitFor();
    expect(await page.locator('main, [role="main"]').count()).toBe(1);
    for (const viewport of [VIEWPORTS[1], VIEWPORTS[2]]) {
      await page.setViewportSize(viewport);
      const button = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
      const name = /button "([^"]+)"/.exec(await button.ariaSnapshot())![1];
      // The words on screen: rendered text, without what only screen readers get.
      const visible = await button.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const words: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement!;
          if (parent.checkVisibility() && !parent.closest('.sr-only')) words.push(node.textContent!.trim());
        }
        return words.join(' ').trim();
      });
      expect(visible, `${viewport.width} px`).not.toBe('');
      expect(name.toLowerCase(), `${viewport.width} px`).toContain(visible.toLowerCase());
      await button.click();
      await page.getByRole('menu').waitFor();
      const hiddenFocusable = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '[aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]))',
          ),
        ]
          .filter((element) => !(element as HTMLElement).closest('[inert]') && !(element as HTMLButtonElement).disabled)
          .map((element) => element.outerHTML.slice(0, 80)),
      );
      expect(hiddenFocusable, `${viewport.width} px`).toEqual([]);
      await checkA11y(page);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await page.close();
  });

  // Last, so it covers every page the tests above opened.
  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pages.problems).toEqual([]);
    expect(pagesMeeting404.problems).toEqual([]);
  });
});
