import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { markRead, saveLinkAs, setAccount, signUpForTrial, sql } from '../support/browser-accounts';
import { checkA11yAtRest, newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * The links-and-categories journeys of docs/product/links.md and categories.md (Stashboard, My Stash, Settings →
 * Categories) for each tier, against the built server.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

// Free, expired and Pro accounts are made by changing rows, which needs the server's own database.
const ownDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (e2eEnabled && !ownDatabase) {
  process.stderr.write(
    'Skipping the free, expired-trial, Pro and day-grouping journeys of links.test.ts: they change rows in the ' +
      "server's database, which needs TEST_DATABASE_URL (the embedded database serves a single session).\n",
  );
}

/** A day as the app writes it ('MMMM d, yyyy'), in UTC, every journey account's time zone. */
const dayText = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(instant);

describe.skipIf(!e2eEnabled)('links and categories', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Tess's browser: her trial saves a link in the first journey, which the next two pick up. */
  let tessBrowser: BrowserContext;
  /** Hugo's browser: his links are set up once and browsed by two journeys. */
  let hugosBrowser: BrowserContext;
  const pages = watchPages();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ READ_PAGES: 'off' }), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newContext(): Promise<BrowserContext> {
    const context = await newCspReportingContext(browser);
    // Fail on the step that waits too long, well before the test's own 30 s.
    context.setDefaultTimeout(10_000);
    return context;
  }

  const visit = (context: BrowserContext, path: string) => pages.open(context, server.url + path);

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  /** A toast shown while a modal dialog hides the rest of the page (the toast region included) from roles. */
  const toastOverDialog = (page: Page, text: string) => page.locator('ol > li').getByText(text, { exact: true });
  const urlField = (page: Page) => page.getByLabel('URL', { exact: true });
  const presets = (page: Page) => page.getByRole('group', { name: 'Preset categories' });
  const todaysLinks = (page: Page) => page.getByRole('region', { name: "Today's links" });
  const isFocused = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);

  it('saves a link with categories and a new custom category on a trial', async () => {
    tessBrowser = await newContext();
    await signUpForTrial(tessBrowser, server.url, 'Tess');
    const page = await visit(tessBrowser, '/dashboard');
    await heading(page, 'Stash Something').waitFor();
    await page.getByText('Free trial: 14 days left').waitFor();
    await page.getByText('New!', { exact: true }).waitFor();
    await expect(page.getByText('Pro Account').count()).resolves.toBe(0);
    await todaysLinks(page).getByText('No links saved today').waitFor();

    // A trial has one banner, its own, whose button goes to the plan choice.
    await expect(page.getByRole('region', { name: 'Upgrade to Pro' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).resolves.toBe('/upgrade-trial');
    await checkA11y(page);

    // `n` jumps to the URL field without typing itself there.
    await page.keyboard.press('n');
    await expect.poll(() => isFocused(page, 'URL')).toBe(true);
    await expect(urlField(page).inputValue()).resolves.toBe('');
    await expect(presets(page).count()).resolves.toBe(0);
    await page.keyboard.type('example.com/first-article');
    await presets(page).getByRole('button', { name: 'Work' }).click();
    await presets(page).getByRole('button', { name: 'News' }).click();

    await page.getByRole('button', { name: 'Create new category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new category' });
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await toastOverDialog(page, 'Invalid category name').waitFor();
    await expect(toastOverDialog(page, 'Please enter a valid category name').isVisible()).resolves.toBe(true);
    await dialog.getByLabel('Category Name').fill('Read Later');
    await checkA11yAtRest(page);
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await toastText(page, 'Category created!').waitFor();
    await expect(toastText(page, '"Read Later" category has been added and selected.').isVisible()).resolves.toBe(true);
    await dialog.waitFor({ state: 'detached' });

    // Three picked: the other presets are locked.
    const picked = page.getByRole('list', { name: 'Picked categories' });
    await expect(picked.getByRole('listitem').allTextContents()).resolves.toEqual(['Work', 'News', 'Read Later']);
    await expect(presets(page).getByRole('button', { name: 'Video' }).isDisabled()).resolves.toBe(true);
    await expect(presets(page).getByRole('button', { name: 'Work' }).getAttribute('aria-pressed')).resolves.toBe('true');

    // So is creating a category: it could not be picked, so it is not made behind a 'Maximum categories reached'.
    await expect(page.getByRole('button', { name: 'Create new category' }).isDisabled()).resolves.toBe(true);

    await picked.getByRole('button', { name: 'Remove News' }).click();
    await expect(presets(page).getByRole('button', { name: 'Video' }).isDisabled()).resolves.toBe(false);

    // A name that exists (in any case) is picked rather than created again.
    await page.getByRole('button', { name: 'Create new category' }).click();
    await dialog.getByLabel('Category Name').fill('work');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await toastText(page, 'Category already exists').waitFor();
    await expect(toastText(page, '"Work" already exists. It has been selected.').isVisible()).resolves.toBe(true);
    await expect(picked.getByRole('listitem').allTextContents()).resolves.toEqual(['Work', 'Read Later']);
    await page.getByLabel('Notes').fill('For the weekend');
    await page.getByRole('button', { name: 'Save Link' }).click();
    await toastText(page, 'Link saved successfully!').waitFor();
    await expect(toastText(page, "Your link has been added to today's stash.").isVisible()).resolves.toBe(true);

    // The form starts over with the focus in the URL field, and today's list has the link.
    await expect(urlField(page).inputValue()).resolves.toBe('');
    await expect.poll(() => isFocused(page, 'URL')).toBe(true);
    await expect(page.getByLabel('Notes').inputValue()).resolves.toBe('');
    await expect(presets(page).count()).resolves.toBe(0);
    const today = todaysLinks(page);
    await today.getByRole('heading', { name: `${dayText(new Date())} (1 link)` }).waitFor();
    const row = today.getByRole('listitem').filter({ hasText: 'For the weekend' });
    const title = row.getByRole('link', { name: /^example\.com \/first-article/ });
    await expect(title.getAttribute('target')).resolves.toBe('_blank');
    await expect(title.getAttribute('rel')).resolves.toContain('noopener');
    for (const text of ['Work', 'Read Later', 'Added today'])
      await expect(row.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByText(/^\d{1,2}:\d{2} (AM|PM)$/).isVisible()).resolves.toBe(true);
    await expect(page.getByText('New!', { exact: true }).count()).resolves.toBe(0);
    await page.close();
  });

  it('catches a second save of the same page, then toggles newsletter inclusion and deletes a link', async () => {
    const page = await visit(tessBrowser, '/dashboard');
    const today = todaysLinks(page);
    await today.getByRole('heading', { name: `${dayText(new Date())} (1 link)` }).waitFor();

    // The same page again (other case, trailing slash, tracking parameter) is caught: saved today, it
    // says so, and offers to open the saved link, to add the notes just typed to it, or to save it again.
    const sameUrl = 'https://EXAMPLE.com/first-article/?utm_source=newsletter';
    await urlField(page).fill(sameUrl);
    await page.getByLabel('Notes').fill('Second thoughts');
    await page.getByRole('button', { name: 'Save Link' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Already in your stash' });
    await notice.getByText('Already in your stash — saved today.').waitFor();
    await expect(notice.getByRole('link', { name: 'Open the saved link' }).getAttribute('href')).resolves.toMatch(
      /^\/read\/[0-9a-f-]{36}$/,
    );
    for (const width of [320, 390]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
            message: `${width} px, ${colorScheme}`,
          })
          .toBe(true);
        await checkA11yAtRest(page);
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
    await notice.getByRole('button', { name: 'Add my notes to it' }).click();
    await toastText(page, 'Notes added').waitFor();
    await expect(urlField(page).inputValue()).resolves.toBe('');
    const first = today.getByRole('listitem').filter({ hasText: 'For the weekend' });
    await first.getByText('Second thoughts').waitFor();
    await today.getByRole('heading', { name: `${dayText(new Date())} (1 link)` }).waitFor();

    await urlField(page).fill(sameUrl);
    await page.getByRole('button', { name: 'Save Link' }).click();
    await notice.getByText('Already in your stash — saved today.').waitFor();
    // Without notes typed there are none to add.
    await expect(notice.getByRole('button', { name: 'Add my notes to it' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Save it again' }).click();
    await toastText(page, 'Link saved successfully!').waitFor();
    await today.getByRole('heading', { name: `${dayText(new Date())} (2 links)` }).waitFor();

    const newest = today.getByRole('switch', { name: /^Include example\.com \/first-article.* in newsletter$/ }).first();
    await expect(newest.getAttribute('aria-checked')).resolves.toBe('true');
    await newest.click();
    await expect.poll(() => newest.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => newest.getAttribute('aria-checked')).toBe('false');

    await today
      .getByRole('button', { name: /^Delete example\.com \/first-article/ })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this link?' });
    await checkA11yAtRest(page);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastText(page, 'Link deleted').waitFor();
    await expect(toastText(page, 'The link has been removed from your stash').isVisible()).resolves.toBe(true);
    await today.getByRole('heading', { name: `${dayText(new Date())} (1 link)` }).waitFor();
    await page.close();
  });

  it('shows the link in My Stash, and manages custom categories in Settings → Categories', async () => {
    const page = await visit(tessBrowser, '/dashboard');
    await page.getByRole('link', { name: 'My Stash' }).click();
    await heading(page, 'My Stash').waitFor();
    await page.getByText('Browse all your previously saved links.').waitFor();
    await page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: /^Read Later/ })
      .waitFor();
    await page.getByText('For the weekend').waitFor();

    // Settings → Categories lists the custom ones, adds and deletes.
    await page.goto(`${server.url}/settings?tab=categories`);
    const yours = page.getByRole('list', { name: 'Your categories' });
    await yours.getByText('Read Later').waitFor();
    await page.getByLabel('Category name').fill('Podcasts');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await toastText(page, 'Category created!').waitFor();
    await yours.getByText('Podcasts').waitFor();
    await checkA11y(page);
    await yours.getByRole('button', { name: 'Delete Read Later' }).click();
    await toastText(page, 'Category deleted').waitFor();
    await yours.getByText('Read Later').waitFor({ state: 'detached' });
    await tessBrowser.close();
  });

  it('pages through My Stash, filters by category and newsletter, searches and shows unread links', async () => {
    hugosBrowser = await newContext();
    await signUpForTrial(hugosBrowser, server.url, 'Hugo');
    // 25 links: three about Rust (two read), every fifth a Video, two kept out of the newsletter.
    const ids = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        saveLinkAs(hugosBrowser, server.url, {
          url: `https://example.org/post-${i}`,
          title: i < 3 ? `Rust tip ${i}` : `Reading ${i}`,
          categories: i % 5 === 0 ? ['Video'] : [],
          includeInNewsletter: i !== 3 && i !== 4,
        }),
      ),
    );
    await Promise.all(ids.slice(0, 2).map((id) => markRead(hugosBrowser, server.url, id)));

    const page = await visit(hugosBrowser, '/history');
    const chips = page.getByRole('group', { name: 'Filter by category' });
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByText('Showing 1-20 of 25 links').waitFor();
    await expect(pagination.getByText('Page 1 of 2').isVisible()).resolves.toBe(true);
    await expect(chips.getByRole('button').allTextContents()).resolves.toEqual([
      'All Categories25',
      'Newsletter23',
      'Uncategorized20',
      'Video5',
    ]);
    await expect(page.getByRole('heading', { name: `${dayText(new Date())} (20 links)` }).isVisible()).resolves.toBe(true);
    await checkA11y(page);

    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.getByText('Showing 21-25 of 25 links').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect(pagination.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await page.goBack();
    await pagination.getByText('Page 1 of 2').waitFor();

    await page.getByLabel('Per page').click();
    await page.getByRole('option', { name: '10' }).click();
    await pagination.getByText('Page 1 of 3').waitFor();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.getByText('Page 2 of 3').waitFor();

    // A filter starts again at page 1.
    await chips.getByRole('button', { name: /^Video/ }).click();
    await pagination.getByText('Showing 1-5 of 5 links').waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ limit: '10', category: 'Video' });
    await chips.getByRole('button', { name: /^Newsletter/ }).click();
    await pagination.getByText('Showing 1-10 of 23 links').waitFor();

    // `/` jumps to the search box; the search waits for typing to pause.
    await page.keyboard.press('/');
    await expect.poll(() => isFocused(page, 'Search your stash')).toBe(true);
    await page.keyboard.type('rust');
    await page.waitForURL((url) => url.searchParams.get('q') === 'rust');
    await pagination.getByText('Showing 1-3 of 3 links').waitFor();
    await expect(page.getByRole('heading', { name: 'Last Stashed' }).isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await pagination.getByText('Showing 1-1 of 1 link').waitFor();
    await expect(page.getByRole('link', { name: /^Rust tip 2/ }).isVisible()).resolves.toBe(true);

    // The view lives in the URL: a reload keeps it.
    await page.reload();
    await pagination.getByText('Showing 1-1 of 1 link').waitFor();
    await expect(page.getByLabel('Search your stash').inputValue()).resolves.toBe('rust');
    await expect(page.getByRole('button', { name: 'Unread', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');

    // Opening a link marks it read, so the unread view empties; its toggle makes it unread again.
    await hugosBrowser.route('https://example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Rust tip 2</title>' }),
    );
    const [opened] = await Promise.all([hugosBrowser.waitForEvent('page'), page.getByRole('link', { name: /^Rust tip 2/ }).click()]);
    await opened.close();
    await page.getByText('No links match “rust”').waitFor();
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await pagination.getByText('Showing 1-3 of 3 links').waitFor();
    await page.getByRole('button', { name: 'Mark Rust tip 2 as unread' }).click();
    await page.getByRole('button', { name: 'Mark Rust tip 2 as read' }).waitFor();
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await pagination.getByText('Showing 1-1 of 1 link').waitFor();

    await page.goto(`${server.url}/history?category=Shopping`);
    await page.getByText("No links found in the 'Shopping' category").waitFor();
    await page.goto(`${server.url}/history?q=zebra`);
    await page.getByText('No links match “zebra”').waitFor();
    await page.close();
  });

  it.skipIf(!ownDatabase)('groups My Stash by the day each link was saved', async () => {
    // Hugo's five oldest links move three days back.
    await sql(
      server.databaseUrl!,
      `update links set created_at = created_at - interval '3 days'
        where id in (select id from links where url ~ '/post-[0-4]$')`,
      [],
    );
    const page = await visit(hugosBrowser, '/history?limit=50');
    await page.getByRole('heading', { name: `${dayText(new Date())} (20 links)` }).waitFor();
    const threeDaysAgo = page.getByRole('region', { name: `${dayText(new Date(Date.now() - 3 * DAY_MS))} (5 links)` });
    await expect(threeDaysAgo.getByRole('link', { name: /^Rust tip 0/ }).isVisible()).resolves.toBe(true);
    await expect(threeDaysAgo.getByText('Added today').count()).resolves.toBe(0);
    await page.close();
  });

  it.skipIf(!ownDatabase)('shows a free account its monthly usage and locks the Pro controls', async () => {
    const context = await newContext();
    const fran = await signUpForTrial(context, server.url, 'Fran');
    await setAccount(server.databaseUrl!, fran.email, { accountType: 'free', trialEndsAt: null });
    const page = await visit(context, '/dashboard');
    const usage = page.getByRole('region', { name: 'Monthly usage' });
    await usage.getByText('50 left').waitFor();
    await expect(
      page.getByRole('region', { name: 'Upgrade to Pro' }).getByRole('link', { name: 'Upgrade' }).getAttribute('href'),
    ).resolves.toBe('/pricing');
    await expect(page.getByText(/^Free trial:/).count()).resolves.toBe(0);

    const form = page.getByRole('form', { name: 'Add a link' });
    await expect(form.getByRole('switch').count()).resolves.toBe(0);
    await expect(form.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).resolves.toBe('/pricing');
    await urlField(page).fill('example.net/video');
    const createCategory = form.getByRole('button', { name: 'Create new category' });
    await expect(createCategory.isDisabled()).resolves.toBe(true);
    // Focus again on each try: a re-render while the page settles can take the first focus away.
    await expect
      .poll(
        async () => {
          await createCategory.locator('..').focus();
          return page
            .getByRole('tooltip')
            .textContent({ timeout: 2_000 })
            .catch(() => null);
        },
        { timeout: 15_000 },
      )
      .toBe('Custom categories are a Pro feature');

    await presets(page).getByRole('button', { name: 'Video' }).click();
    await page.getByRole('button', { name: 'Save Link' }).click();
    await toastText(page, 'Link saved successfully!').waitFor();
    await usage.getByText('49 left').waitFor();

    const toggle = todaysLinks(page).getByRole('switch', { name: 'Include example.net /video in newsletter' });
    await expect(toggle.isDisabled()).resolves.toBe(true);
    await toggle.locator('..').focus();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe('Pro featureNewsletter inclusion is a Pro feature. Upgrade to control which links appear in your email digests.');
    await page.keyboard.press('Escape');
    await checkA11yAtRest(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkA11y(page);

    await page.goto(`${server.url}/settings?tab=categories`);
    await page.getByText('Custom categories are a Pro feature.').waitFor();
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).resolves.toBe('/pricing');
    await expect(page.getByRole('button', { name: 'Add Category' }).count()).resolves.toBe(0);
    await context.close();
  });

  it.skipIf(!ownDatabase)('replaces the add-link card once a trial has expired', async () => {
    const context = await newContext();
    const ezra = await signUpForTrial(context, server.url, 'Ezra');
    await setAccount(server.databaseUrl!, ezra.email, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    const page = await visit(context, '/dashboard');
    await page.getByRole('heading', { name: 'Trial Expired' }).waitFor();
    await page.getByText('Choose a plan to continue saving links: upgrade to Pro, or continue on Free', { exact: false }).waitFor();
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).resolves.toBe('/upgrade-trial');
    await expect(page.getByRole('button', { name: 'Continue on Free' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save Link' }).count()).resolves.toBe(0);
    await checkA11y(page);

    await page.goto(`${server.url}/history`);
    await page.getByText('Your history is empty').waitFor();
    await expect(page.getByText('Save your first link to get started.').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it.skipIf(!ownDatabase)('counts down the last days of a trial, urgently', async () => {
    const context = await newContext();
    const tia = await signUpForTrial(context, server.url, 'Tia');
    const trialEnd = new Date(Date.now() + 2 * DAY_MS - 60 * 60 * 1000);
    await setAccount(server.databaseUrl!, tia.email, { trialEndsAt: trialEnd, stripeCustomerId: 'cus_journey' });
    const page = await visit(context, '/dashboard');
    await page.getByText('Trial: 2 days left', { exact: true }).waitFor();
    await expect(page.getByText('Free trial: 2 days left').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Urgent', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Don't lose your Pro features").isVisible()).resolves.toBe(true);
    await expect(page.getByText(`Your trial ends on ${dayText(trialEnd)}.`).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).resolves.toBe('/upgrade-trial');
    // One banner at a time: the trial's own says it all.
    await expect(page.getByRole('region', { name: '2 days left in your trial' }).count()).resolves.toBe(0);
    await context.close();
  });

  it.skipIf(!ownDatabase)('shows a Pro account its badge and no upgrade prompts or limits', async () => {
    const context = await newContext();
    const pia = await signUpForTrial(context, server.url, 'Pia');
    await setAccount(server.databaseUrl!, pia.email, { accountType: 'pro', trialEndsAt: null });
    const page = await visit(context, '/dashboard');
    await page.getByText('Pro Account').waitFor();
    await expect(
      page.getByRole('form', { name: 'Add a link' }).getByRole('switch', { name: 'Include in newsletter' }).isVisible(),
    ).resolves.toBe(true);
    for (const absent of [/^Upgrade/, /^Free trial:/, /days? left/, /^Monthly usage$/])
      await expect(page.getByText(absent).count()).resolves.toBe(0);
    await urlField(page).fill('example.com');
    await expect(page.getByRole('button', { name: 'Create new category' }).isDisabled()).resolves.toBe(false);
    await context.close();
  });

  it.skipIf(!ownDatabase)('records the journeys above in the first-party event log', async () => {
    // Events are sent without waiting (keepalive fetches), so they may land a moment after the click.
    // Not category_delete: Tess's browser closes right after it, which may cut that last request off.
    const names = async () =>
      (await sql<{ name: string }>(server.databaseUrl!, 'select distinct name from analytics_events', [])).map((row) => row.name);
    await expect
      .poll(names)
      .toEqual(
        expect.arrayContaining([
          'dashboard_view',
          'navigation_click',
          'link_save',
          'link_newsletter_toggle',
          'link_delete',
          'category_create',
        ]),
      );
  });

  // Last, so it covers every page the tests above opened.
  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pages.problems).toEqual([]);
  });
});
