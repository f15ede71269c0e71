import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eEnabled, launchBrowser } from '../support/browser';
import { saveLinkAs, signUpForTrial, sql } from '../support/browser-accounts';
import { checkA11yAtRest, newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * docs/product/links.md, Lists on a phone: the cards, the Edit dialog, the searchable category picker
 * and My Stash's category filter at 320×640 and 390×844, in light and dark. With PHONE_SCREENSHOTS=1
 * the screens land in test-results/phone-lists/ to be looked at.
 */

const SCREENSHOTS = process.env.PHONE_SCREENSHOTS ? path.resolve('test-results/phone-lists') : undefined;
const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Fifty categories of the user's own, some of them as long as a name may be (50 characters). */
const categoryNames = Array.from({ length: 50 }, (_, i) =>
  i % 5 === 0 ? `Longreads to come back to on a slow Sunday no. ${String(i).padStart(2, '0')}` : `Topic number ${i + 1}`,
);
const longTitle = 'How a small team of librarians rebuilt the catalogue of a whole city in one long winter';
/** A name of one word as long as a name may be: its chip and its option in the filter break it rather than widen the page. */
const unbrokenName = 'Donaudampfschifffahrtsgesellschaftskapitänsmützen';

describe.skipIf(!e2eEnabled)('lists on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let linkId: string;
  // The lead image's host does not exist: its proxy answers 502 and the card hides the image.
  const pages = watchPages([/status of 502/]);

  beforeAll(async () => {
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newCspReportingContext(browser, { viewport: SIZES[0], hasTouch: true, isMobile: true });
    // Signing up hashes a password: slow on a loaded machine.
    context.setDefaultTimeout(120_000);
    await signUpForTrial(context, server.url, 'Phoebe');
    const headers = { origin: server.url };
    for (const name of [...categoryNames, unbrokenName])
      expect((await context.request.post(`${server.url}/api/categories`, { data: { name }, headers })).status()).toBe(201);
    linkId = await saveLinkAs(context, server.url, {
      url: 'https://slow-notes.example.com/2026/11/catalogue',
      title: longTitle,
      notes: 'For the train home',
      categories: [categoryNames[0], categoryNames[10], 'Work'],
    });
    await sql(server.databaseUrl!, 'update links set image_url = $1 where id = $2', ['https://slow-notes.example.com/lead.jpg', linkId]);
    await saveLinkAs(context, server.url, { url: 'https://example.com/words', title: 'Long words', categories: [unbrokenName] });
    context.setDefaultTimeout(30_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = async (page: Page, name: string, fullPage = false) => {
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  };

  /** Whether the element's box lies wholly inside the viewport. */
  const inViewport = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    });

  /** The words of the element's text that the browser split over two lines. */
  const splitWords = (locator: Locator) =>
    locator.evaluate((element) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) split.push(match[0]);
        }
      }
      return split;
    });

  it("gives a card's text the whole width at 320 px, with whole words, chips and the lead image", async () => {
    const page = await pages.open(context, `${server.url}/history`);
    for (const colorScheme of THEMES) {
      await page.emulateMedia({ colorScheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const title = page.getByRole('link', { name: new RegExp(`^${longTitle}`) });
        const card = page.getByRole('listitem').filter({ has: title });
        // The switch and the three buttons sit under the text, not beside it.
        const column = title.locator('xpath=..');
        const cardWidth = (await card.boundingBox())!.width;
        expect((await column.boundingBox())!.width).toBeGreaterThan(cardWidth - 32 - 64 - 12 - 2);
        expect(await splitWords(title)).toEqual([]);
        for (const chip of [categoryNames[0], categoryNames[10]])
          expect(await splitWords(card.getByText(chip, { exact: true }))).toEqual([]);
        const toggle = card.getByRole('switch');
        expect((await toggle.boundingBox())!.y).toBeGreaterThan((await title.boundingBox())!.y);
        await expect(card.locator('img[width="64"]').getAttribute('src')).resolves.toBe(
          `/api/links/${linkId}/image?src=${encodeURIComponent('https://slow-notes.example.com/lead.jpg')}`,
        );
        await shoot(page, `card-${size.width}-${colorScheme}`, true);
        // The other card's one-word category breaks inside its chip: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
      }
    }
    await page.close();
  });

  it("keeps the Edit dialog's heading and Save on screen with 50 categories, and saves a category picked by keyboard", async () => {
    let round = 0;
    for (const colorScheme of THEMES) {
      for (const size of SIZES) {
        round += 1;
        const page = await pages.open(context, `${server.url}/history`);
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(size);
        await page.getByRole('button', { name: `Edit ${longTitle}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit link' });
        await dialog.waitFor();
        const save = dialog.getByRole('button', { name: 'Save changes' });
        expect(await inViewport(dialog.getByRole('heading', { name: 'Edit link' }))).toBe(true);
        expect(await inViewport(save)).toBe(true);

        // Many categories: a searchable field, not a button each.
        await expect(dialog.getByRole('group', { name: 'Your categories' }).count()).resolves.toBe(0);
        const picked = dialog.getByRole('list', { name: 'Picked categories' });
        await picked.getByRole('button', { name: `Remove ${categoryNames[10]}` }).click();
        const field = dialog.getByRole('combobox', { name: 'Find or create a category' });
        await field.focus();
        await page.keyboard.type('number 4');
        const listbox = page.getByRole('listbox', { name: 'Categories' });
        await expect(listbox.getByRole('option').allTextContents()).resolves.toEqual([
          'Topic number 4',
          'Topic number 40',
          'Topic number 42',
          'Topic number 43',
          'Topic number 44',
          'Topic number 45',
          'Topic number 47',
          'Topic number 48',
          'Topic number 49',
          'Create "number 4"',
        ]);
        await page.keyboard.press('ArrowDown');
        await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(
          await listbox.getByRole('option').nth(1).getAttribute('id'),
        );
        await page.keyboard.press('Enter');
        await picked.getByText('Topic number 40').waitFor();
        await expect(field.inputValue()).resolves.toBe('');
        await expect(dialog.isVisible()).resolves.toBe(true);
        await shoot(page, `edit-dialog-${size.width}-${colorScheme}`);
        await checkA11yAtRest(page);

        // The fields scroll between the heading and Save, which stay where they are.
        await dialog.locator('textarea').scrollIntoViewIfNeeded();
        expect(await inViewport(save)).toBe(true);
        expect(await inViewport(dialog.getByRole('heading', { name: 'Edit link' }))).toBe(true);
        await save.click();
        await toastText(page, 'Link updated').waitFor();
        const answer = await context.request.get(`${server.url}/api/links/history?limit=20`);
        const saved = ((await answer.json()) as { links: { id: string; categories: string[] }[] }).links.find(
          (link) => link.id === linkId,
        )!;
        expect(saved.categories).toEqual([categoryNames[0], 'Work', 'Topic number 40']);
        // Back as it was for the next round.
        await context.request.patch(`${server.url}/api/links/${linkId}`, {
          data: { title: longTitle, notes: 'For the train home', categories: [categoryNames[0], categoryNames[10], 'Work'] },
          headers: { origin: server.url },
        });
        await page.close();
      }
    }
    expect(round).toBe(4);
  }, 240_000);

  it("creates a category typed into the save form's picker with Enter", async () => {
    const page = await pages.open(context, `${server.url}/dashboard`);
    await page.getByRole('textbox', { name: 'URL' }).fill('https://example.com/created-by-enter');
    const field = page.getByRole('combobox', { name: 'Find or create a category' });
    await field.fill('Bread baking');
    await expect(page.getByRole('listbox', { name: 'Categories' }).getByRole('option').allTextContents()).resolves.toEqual([
      'Create "Bread baking"',
    ]);
    await field.press('Enter');
    await toastText(page, 'Category created!').waitFor();
    await page.getByRole('list', { name: 'Picked categories' }).getByText('Bread baking').waitFor();
    await shoot(page, 'save-form-picker');
    await page.close();
  });

  it("folds My Stash's category filter into one select on a phone", async () => {
    const page = await pages.open(context, `${server.url}/history`);
    await page.setViewportSize(SIZES[0]);
    await expect(page.getByRole('group', { name: 'Filter by category' }).isVisible()).resolves.toBe(false);
    const filter = page.getByRole('combobox', { name: 'Filter by category' });
    await filter.selectOption({ label: `${categoryNames[0]} (1)` });
    await page.waitForURL((url) => url.searchParams.get('category') === categoryNames[0]);
    await shoot(page, 'history-filter-320');
    // The select is as wide as the screen, whatever its longest option.
    expect(await filter.evaluate((select) => select.getBoundingClientRect().right)).toBeLessThanOrEqual(SIZES[0].width - 16);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(SIZES[0].width);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: /^Work/ }).isVisible()).resolves.toBe(
      true,
    );
    await page.close();
    expect(pages.problems).toEqual([]);
  });

  it('shows an iPhone its own steps and the bookmarklet on /mobile-apps, and says which steps are Android only', async () => {
    const iPhone = await newCspReportingContext(browser, {
      viewport: SIZES[1],
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    const page = await pages.open(iPhone, `${server.url}/mobile-apps`);
    await expect.poll(() => page.getByRole('tab', { name: 'iPhone and iPad' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('link', { name: 'save pages with the bookmarklet' }).waitFor();
    await shoot(page, 'mobile-apps-iphone', true);
    await page.getByRole('tab', { name: 'Android' }).click();
    const android = page.getByRole('region', { name: 'Installing Stash on Android' });
    await android.getByRole('button', { name: 'Previous' }).click();
    await android.getByText('Share links to Stash').waitFor();
    await android.getByText('Android only', { exact: true }).waitFor();
    await checkA11yAtRest(page);
    await iPhone.close();
  });
});
