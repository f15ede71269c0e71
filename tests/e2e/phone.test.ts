import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { PASSWORD, saveLinkAs, setAccount, signUpForTrial, verifyAddress } from '../support/browser-accounts';
import { newCspReportingContext, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * docs/product/overview.md, Phone first: no route scrolls sideways on a phone (320, 360 and 390 px, light and dark),
 * with long URLs, long notes and many long categories; axe stays clean at 390 px. With
 * PHONE_SCREENSHOTS=1, screenshots of every route at 390 px land in test-results/phone/ to be looked
 * at (off by default: a hundred full-page screenshots are a minute of the suite's time).
 */

const ADMIN_EMAIL = 'phone-admin@example.com';
const WIDTHS = [320, 360, 390] as const;
const SCREENSHOTS = process.env.PHONE_SCREENSHOTS ? path.resolve('test-results/phone') : undefined;

const longWord = 'Supercalifragilisticexpialidocious'.repeat(4);
const longUrl = `https://a-very-long-host-name-for-testing.example.com/${'segment-without-breaks-'.repeat(12)}?q=${'x'.repeat(120)}`;
const longCategories = ['Longreads to come back to on a slow Sunday', 'Category-names-without-any-spaces-at-all-zzzz', 'Work'];
/** Enough categories of one's own for the searchable picker, as long as a name may be (50 characters). */
const manyCategories = Array.from(
  { length: 14 },
  (_, i) => `A category with a name as long as the rules let ${String(i).padStart(2, '0')}`,
);

const publicRoutes = [
  '/',
  '/signup',
  '/auth',
  '/auth?mode=register',
  '/verify-email',
  '/upgrade',
  '/upgrade?journey=b',
  '/setup-account',
  '/undo-email-change',
  '/pricing',
  '/pro-signup',
  '/privacy',
  '/support',
  '/releases',
  '/mobile-apps',
  '/change-my-mind',
  '/yes-no-drake',
  '/no-such-page',
];

const signedInRoutes = [
  '/dashboard',
  '/history',
  '/settings',
  '/settings?tab=newsletter',
  '/settings?tab=categories',
  '/settings?tab=import-export',
  '/settings?tab=security',
  '/activation',
  '/upgrade-trial',
  '/email-test',
  `/share?title=${encodeURIComponent(longWord)}&url=${encodeURIComponent(longUrl)}`,
  '/admin/releases',
  '/admin/metrics',
  '/pricing',
  '/support',
  '/mobile-apps',
];

describe.skipIf(!e2eEnabled)('phone widths', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserContext;
  let signedOut: BrowserContext;
  let pro: BrowserContext;
  const pages = watchPages([/status of 401/]);
  /** The reader's link has no readable copy here (pages are not read): its copy's 404 is the unreadable-copy card's cue. */
  const unexpectedProblems = () =>
    pages.problems.filter((problem) => !/^\/read\/[^:]+: Failed to load resource: the server responded with a status of 404/.test(problem));

  beforeAll(async () => {
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ ADMIN_EMAILS: ADMIN_EMAIL }), launchBrowser()]);
    const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
    [signedIn, signedOut, pro] = await Promise.all([
      newCspReportingContext(browser, phone),
      newCspReportingContext(browser, phone),
      newCspReportingContext(browser, phone),
    ]);

    const headers = { origin: server.url };
    // Signing up hashes a password: slow on a loaded machine.
    signedIn.setDefaultTimeout(120_000);
    pro.setDefaultTimeout(120_000);
    const proAccount = await signUpForTrial(pro, server.url, 'Prue');
    await setAccount(server.databaseUrl!, proAccount.email, { accountType: 'pro', trialEndsAt: null });
    // A published category's row carries "Published" beside "Delete": the widest row of Settings → Categories.
    const proApi = async (method: 'POST' | 'PUT' | 'PATCH', url: string, data: object) => {
      const answer = await pro.request.fetch(`${server.url}${url}`, { method, data, headers: { origin: server.url } });
      expect(answer.ok(), await answer.text()).toBe(true);
      return answer.json();
    };
    await proApi('PUT', '/api/user/handle', { handle: 'prue-phone' });
    for (const name of ['Reading', longCategories[0]]) {
      const { id } = await proApi('POST', '/api/categories', { name });
      await proApi('PATCH', `/api/categories/${id}`, { public: true });
    }
    const created = await signedIn.request.post(`${server.url}/api/auth/create-trial-account`, {
      data: { firstName: 'Pat', lastName: 'Phone', email: ADMIN_EMAIL, password: PASSWORD, timezone: 'UTC' },
      headers,
    });
    expect(created.status()).toBe(201);
    // Only a verified address listed in ADMIN_EMAILS is an administrator.
    await verifyAddress(signedIn, server.url, ADMIN_EMAIL);
    for (const name of [...longCategories.slice(0, 2), ...manyCategories])
      await signedIn.request.post(`${server.url}/api/categories`, { data: { name }, headers });
    await saveLinkAs(signedIn, server.url, {
      url: longUrl,
      notes: `${longWord} ${'and a long note that goes on '.repeat(20)}`,
      categories: longCategories,
    });
    const second = await saveLinkAs(signedIn, server.url, {
      url: `${longUrl}&second`,
      title: longWord,
      categories: ['News', 'Video', 'Shopping'],
    });
    // The reader, with a title and an address that have no place to break.
    signedInRoutes.push(`/read/${second}`);
    for (const context of [signedIn, signedOut, pro]) context.setDefaultTimeout(30_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The elements sticking out on the right, to name in a failure. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const width = window.innerWidth;
      if (document.documentElement.scrollWidth <= width) return null;
      const culprits = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(-3)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`);
      return `scrollWidth ${document.documentElement.scrollWidth} > ${width}: ${culprits.join(' | ')}`;
    });

  async function checkRoute(context: BrowserContext, route: string, who: string) {
    const page = await pages.open(context, server.url + route);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The lists and counts arrive after the heading.
    await page.waitForLoadState('networkidle');
    const name = `${who}${route
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/-+$/, '')
      .slice(0, 40)}`;
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await expect.poll(() => overflow(page), { message: `${route} at ${width} px, ${colorScheme}`, timeout: 2_000 }).toBeNull();
      }
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${colorScheme}.png`), fullPage: true });
      // Dark differs from light only in colour: its second axe run checks contrast alone.
      await checkA11y(page, colorScheme === 'dark' ? { rules: ['color-contrast'] } : {});
    }
    await page.close();
  }

  it('never scrolls sideways on a public page, signed out', async () => {
    for (const route of publicRoutes) await checkRoute(signedOut, route, 'out');
  }, 600_000);

  it('never scrolls sideways on any page of a signed-in administrator with long links, notes and categories', async () => {
    for (const route of signedInRoutes) await checkRoute(signedIn, route, 'in');
    expect(unexpectedProblems()).toEqual([]);
  }, 600_000);

  it('never scrolls sideways on the pages a Pro subscriber sees differently', async () => {
    for (const route of ['/pricing', '/dashboard', '/settings?tab=categories']) await checkRoute(pro, route, 'pro');
    expect(unexpectedProblems()).toEqual([]);
  }, 600_000);

  it("draws Settings' See plans button so it reads as a button, not a disabled one, in both themes", async () => {
    const page = await pages.open(signedIn, `${server.url}/settings`);
    const button = page.getByRole('link', { name: 'See plans' });
    await button.waitFor();
    /** The contrast of the button's border and of its text against the page behind it, from computed colours. */
    const contrasts = () =>
      button.evaluate((element) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const rgb = (colour: string) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = colour;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        };
        const luminance = (colour: string) => {
          const [r, g, b] = rgb(colour).map((channel) => {
            const c = channel / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const ratio = (a: string, b: string) => {
          const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (light + 0.05) / (dark + 0.05);
        };
        const style = getComputedStyle(element);
        const page = getComputedStyle(document.body).backgroundColor;
        return { border: ratio(style.borderTopColor, page), text: ratio(style.color, style.backgroundColor) };
      });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 844 });
        // Colours settle after the scheme's transition.
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
        );
        const { border, text } = await contrasts();
        // WCAG 1.4.11: a control's boundary at 3:1 at least; its label at 4.5:1.
        expect(border, `border, ${colorScheme} at ${width} px`).toBeGreaterThanOrEqual(3);
        expect(text, `label, ${colorScheme} at ${width} px`).toBeGreaterThanOrEqual(4.5);
      }
    }
    await page.close();
  });

  it('puts every place, named, in the menu on a phone, with the admin pages for an administrator', async () => {
    const page = await pages.open(signedIn, `${server.url}/dashboard`);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    for (const [name, href] of [
      ['Stashboard', '/dashboard'],
      ['My Stash', '/history'],
      ['Mobile Apps', '/mobile-apps'],
      ['Settings', '/settings'],
      ['Release notes', '/admin/releases'],
      ['Metrics', '/admin/metrics'],
    ]) {
      await expect(menu.getByRole('menuitem', { name, exact: true }).getAttribute('href')).resolves.toBe(href);
    }
    await page.keyboard.press('Escape');
    // A touch screen has no n key: the hint is for keyboards only.
    await expect(page.getByText('to jump here').isVisible()).resolves.toBe(false);
    await page.close();

    const signedOutPage = await pages.open(signedOut, `${server.url}/`);
    // A phone has no browser extensions: the header offers the app instead of a store search.
    await expect(signedOutPage.getByRole('banner').getByRole('link', { name: 'Mobile app' }).getAttribute('href')).resolves.toBe(
      '/mobile-apps',
    );
    await expect(
      signedOutPage
        .getByRole('banner')
        .getByRole('link', { name: /Extension/ })
        .count(),
    ).resolves.toBe(0);
    await signedOutPage.close();
  });
});
