import { format } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { saveLinkAs, setAccount, signUpForTrial } from '../support/browser-accounts';
import { toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * Plans, payments and referrals on a fresh install (BILLING=local: the test checkout stands in for
 * Stripe), and a self-hosted one (BILLING=off) that shows no billing at all.
 */

// Signed-out calls (401) and refused ones are logged by Chromium; they are expected here.
const expectedConsoleErrors = [/Failed to load resource: the server responded with a status of 4\d\d/];
const MAIL_TIMEOUT_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Moving a trial's end needs the server's own PostgreSQL database (TEST_DATABASE_URL). */
const ownDatabase = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!e2eEnabled)('billing on a fresh install', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;
  /** The trial user who upgrades, cancels and invites a friend. */
  let alicesBrowser: BrowserContext;
  const pages = watchPages(expectedConsoleErrors);

  beforeAll(async () => {
    sink = await startSmtpSink();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: sink.url }), launchBrowser()]);
    alicesBrowser = await browser.newContext();
    await signUpForTrial(alicesBrowser, server.url, 'Alice', 'UTC', sink);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
    expect(pages.problems).toEqual([]);
  });

  const visit = (context: BrowserContext, path: string) => pages.open(context, server.url + path);

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
  const api = (context: BrowserContext) => ({
    get: async (path: string) => (await context.request.get(server.url + path)).json(),
    post: (path: string, data: object = {}) => context.request.post(server.url + path, { data, headers: { origin: server.url } }),
  });

  /** The path of the link starting with `path` in the newest e-mail to `to` that has one. */
  async function linkFromMail(to: string, path: string): Promise<string> {
    const pattern = new RegExp(`${(server.url + path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s\\]]*`);
    const matching = () => sink.messages.filter((message) => JSON.stringify(message.to).includes(to) && pattern.test(message.text ?? ''));
    await expect.poll(() => matching().length, { timeout: MAIL_TIMEOUT_MS }).toBeGreaterThan(0);
    return matching().at(-1)!.text!.match(pattern)![0].slice(server.url.length);
  }

  it('shows the plans: annual first with its badges, monthly on the toggle', async () => {
    const page = await visit(alicesBrowser, '/upgrade-trial');
    await heading(page, 'Keep your Pro features').waitFor();
    await expect(page.getByText('14 days left in your trial').isVisible()).resolves.toBe(true);
    const annual = page.getByRole('radio', { name: /Annual/ });
    await expect(annual.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(annual.getByText('Save 17%').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Best Value').isVisible()).resolves.toBe(true);
    await expect(page.getByText('4.92 USD a month, billed yearly: you save 12.88 USD a year.').isVisible()).resolves.toBe(true);
    await checkA11y(page);

    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByText('5.99', { exact: true }).waitFor();
    await expect(page.getByText('Best Value').count()).resolves.toBe(0);
    await page.getByRole('radio', { name: /Annual/ }).click();
    await page.getByText('59', { exact: true }).waitFor();
    await page.close();
  });

  it('says so when the checkout is cancelled', async () => {
    const page = await visit(alicesBrowser, '/upgrade');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/test');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade');
    await toastText(page, 'Payment cancelled').waitFor();
    await expect(toastText(page, 'Your payment was cancelled. You can try again anytime.').isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get('cancelled')).toBeNull();
    await page.close();
  });

  it('shows success on a return only when the server confirms the checkout: a typed ?success=true shows the plans', async () => {
    const forged = 'cs_local_forged-session-id-0123456789';
    for (const path of ['/upgrade?success=true', `/upgrade?session_id=${forged}`, `/upgrade-trial?session_id=${forged}`]) {
      const page = await visit(alicesBrowser, path);
      await page.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
      await expect(page.getByRole('heading', { name: 'Welcome to Stash Pro!' }).count()).resolves.toBe(0);
      await page.close();
    }

    const pricing = await visit(alicesBrowser, `/pricing?success=true&session_id=${forged}`);
    await pricing.waitForURL((url) => url.pathname === '/pricing' && url.search === '');
    await heading(pricing, 'Pricing').waitFor();
    await expect(toastText(pricing, 'Payment successful!').count()).resolves.toBe(0);
    expect(await api(alicesBrowser).get('/api/auth/user')).toMatchObject({ accountType: 'trial' });
    await pricing.close();
  });

  it("upgrades a trial user through the local test checkout to Pro, keeping the trial's days: the first charge comes when it ends", async () => {
    const { trialEndsAt } = await api(alicesBrowser).get('/api/auth/user');
    const trialEnd = format(new Date(trialEndsAt), 'MMMM d, yyyy');
    const page = await visit(alicesBrowser, '/upgrade-trial');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/test');
    await page.getByRole('note').filter({ hasText: 'Test checkout — no real payment' }).waitFor();
    await heading(page, 'Pay for Stash Pro').waitFor();
    await page
      .getByText(`Stash Pro, annual: 59 USD a year, first charged on ${trialEnd}, when your free trial ends.`, { exact: true })
      .waitFor();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Start Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade-trial' && url.searchParams.has('session_id'));
    await heading(page, 'Welcome to Stash Pro!').waitFor();
    await toastText(page, 'Subscription successful!').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const me = await api(alicesBrowser).get('/api/auth/user');
    expect(me).toMatchObject({ accountType: 'pro', subscriptionEndsAt: null, availableInvites: 20 });
    expect((await api(alicesBrowser).get('/api/subscription')).subscription).toMatchObject({ status: 'trialing', periodEnd: trialEndsAt });
    await page.goto(`${server.url}/upgrade-trial`);
    await heading(page, "You're on Stash Pro").waitFor();
    await page.close();
  }, 60_000);

  it('cancels in Settings, is offered to keep the plan, and stays Pro until the end of the paid period', async () => {
    const page = await visit(alicesBrowser, '/settings');
    await heading(page, 'Settings').waitFor();
    await page.getByText('Stash Pro, billed yearly', { exact: true }).waitFor();
    const { subscription } = await api(alicesBrowser).get('/api/subscription');
    const periodEnd = format(new Date(subscription.periodEnd), 'MMMM d, yyyy');
    const renews = page.getByText(`First charge on ${periodEnd}, when your free trial ends (59 USD a year).`, { exact: true });
    await renews.waitFor();
    const canceled = page.getByText(`Canceled. You keep Pro until ${periodEnd}.`, { exact: true });
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    // Pro users never see an upgrade banner, in Settings either.
    await expect(page.getByRole('region', { name: /Upgrade to Pro|trial/ }).count()).resolves.toBe(0);

    // Asked first; keeping the plan changes nothing.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await cancelDialog.getByText('You will not be charged again.', { exact: false }).waitFor();
    await checkA11y(page);
    await cancelDialog.getByRole('button', { name: 'Keep my plan' }).click();
    await cancelDialog.waitFor({ state: 'hidden' });
    await expect(renews.isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await toastText(page, 'Subscription canceled').waitFor();
    await canceled.waitFor();
    await expect(page.getByText('Stash Pro, billed yearly', { exact: true }).isVisible()).resolves.toBe(true);

    // A canceled plan can still be kept, until its end: taken back, then canceled for good.
    await page.getByRole('button', { name: 'Keep my plan' }).click();
    await toastText(page, 'Subscription renewed').waitFor();
    await renews.waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await canceled.waitFor();

    // What the rest of the app makes of it after a reload: still Pro, ending then.
    await page.reload();
    await canceled.waitFor();
    await page.goto(`${server.url}/pricing`);
    await heading(page, 'Pricing').waitFor();
    await page.getByRole('link', { name: 'Your current plan: manage it in Settings' }).waitFor();
    await page.goto(`${server.url}/upgrade-trial`);
    await heading(page, "You're on Stash Pro").waitFor();
    await page.close();
  }, 60_000);

  it('shows a trial one banner at a time, whose button goes to the plan choice; Settings has the dismissible one', async () => {
    const bobsBrowser = await browser.newContext();
    await signUpForTrial(bobsBrowser, server.url, 'Bob', 'UTC', sink);
    const dashboard = await visit(bobsBrowser, '/dashboard');
    await heading(dashboard, 'Stash Something').waitFor();
    const trialBanner = dashboard.getByRole('region', { name: 'Free trial: 14 days left' });
    await expect(trialBanner.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).resolves.toBe('/upgrade-trial');
    await expect(dashboard.getByRole('region', { name: 'Upgrade to Pro' }).count()).resolves.toBe(0);
    await dashboard.close();

    const settings = await visit(bobsBrowser, '/settings');
    await heading(settings, 'Settings').waitFor();
    const subtle = settings.getByRole('region', { name: 'Upgrade to Pro' });
    await subtle.getByText('Keep every Pro feature when your trial ends.', { exact: true }).waitFor();
    await expect(subtle.getByRole('link', { name: 'See plans' }).getAttribute('href')).resolves.toBe('/upgrade-trial');
    await checkA11y(settings);
    // Dismissed for the browser session.
    await subtle.getByRole('button', { name: 'Dismiss' }).click();
    await subtle.waitFor({ state: 'detached' });
    await settings.reload();
    await heading(settings, 'Settings').waitFor();
    await expect(settings.getByRole('region', { name: 'Upgrade to Pro' }).count()).resolves.toBe(0);
    await bobsBrowser.close();
  }, 60_000);

  it.skipIf(!ownDatabase)(
    "blocks a trial that ended without a purchase until its owner chooses, and 'Continue on Free' makes it a free account in one click",
    async () => {
      const fransBrowser = await browser.newContext();
      const fran = await signUpForTrial(fransBrowser, server.url, 'Fran', 'UTC', sink);
      await setAccount(server.databaseUrl!, fran.email, { trialEndsAt: new Date(Date.now() - DAY_MS) });
      const choice =
        'Your free trial has ended, so saving links is paused until you choose: upgrade to Pro, or continue on Free (50 links a month, a weekly digest and 2 invitations) in one click.';

      const page = await visit(fransBrowser, '/upgrade-trial');
      await heading(page, 'Trial Expired').waitFor();
      await page.getByText(choice, { exact: true }).waitFor();
      await expect(page.getByRole('button', { name: 'Upgrade to Pro' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Continue on Free' }).isVisible()).resolves.toBe(true);
      await checkA11y(page);

      await page.goto(`${server.url}/settings`);
      const expired = page.getByRole('region', { name: 'Your free trial has ended' });
      await expired.getByText(choice, { exact: true }).waitFor();
      await expect(expired.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).resolves.toBe('/upgrade-trial');
      await expect(expired.getByRole('button', { name: 'Continue on Free' }).isVisible()).resolves.toBe(true);
      await expect(expired.getByRole('button', { name: 'Dismiss' }).count()).resolves.toBe(0);

      await page.goto(`${server.url}/pricing`);
      await heading(page, 'Pricing').waitFor();
      // The page arrives prerendered as a visitor sees it; the signed-in user's choice follows.
      await page.getByRole('button', { name: 'Continue on Free' }).waitFor();
      await expect(page.getByText('Included in every account').count()).resolves.toBe(0);

      // The Stashboard: no saving, one message with both choices.
      await page.goto(`${server.url}/dashboard`);
      await heading(page, 'Stash Something').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Trial Expired' }).waitFor();
      await page
        .getByText(
          'Choose a plan to continue saving links: upgrade to Pro, or continue on Free (50 links a month, a weekly digest and 2 invitations).',
          { exact: true },
        )
        .waitFor();
      await expect(page.getByRole('button', { name: 'Save Link' }).count()).resolves.toBe(0);
      await expect(page.getByRole('region', { name: 'Your free trial has ended' }).count()).resolves.toBe(0);
      await checkA11y(page);
      const blocked = await fransBrowser.request.post(`${server.url}/api/links`, {
        data: { url: 'https://example.com/blocked' },
        headers: { origin: server.url },
      });
      expect(blocked.status()).toBe(403);

      await page.getByRole('button', { name: 'Continue on Free' }).click();
      await toastText(page, 'You are on the free plan').waitFor();
      await page.getByRole('button', { name: 'Save Link' }).waitFor();
      await page.getByRole('region', { name: 'Monthly usage' }).waitFor();
      await expect(page.getByRole('heading', { name: 'Trial Expired' }).count()).resolves.toBe(0);
      expect(await api(fransBrowser).get('/api/auth/user')).toMatchObject({ accountType: 'free', availableInvites: 2 });
      await saveLinkAs(fransBrowser, server.url, { url: 'https://example.com/free-again' });

      await page.goto(`${server.url}/settings`);
      await page.getByText('50 links a month, a weekly digest and 2 invitations.', { exact: true }).waitFor();
      await fransBrowser.close();
    },
    90_000,
  );

  it('sends a pro sign-up on /auth straight on to the checkout (the stripeUrl of the registration)', async () => {
    const erinsBrowser = await browser.newContext();
    const page = await visit(erinsBrowser, '/auth?mode=register&tier=pro');
    await heading(page, 'Create your account').waitFor();
    await page.getByLabel('First name', { exact: true }).fill('Erin');
    await page.getByLabel('Last name', { exact: true }).fill('Evans');
    await page.getByLabel('Email', { exact: true }).fill('erin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('erins-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((url) => url.pathname === '/checkout/test');
    await heading(page, 'Pay for Stash Pro').waitFor();
    await page.getByRole('button', { name: 'Start Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade' && url.searchParams.has('session_id'));
    await heading(page, 'Welcome to Stash Pro!').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Pro Account', { exact: true }).waitFor();
    await erinsBrowser.close();
  }, 60_000);

  it('takes a visitor from the pricing page through a paid trial to a new account on /setup-account', async () => {
    const visitor = await browser.newContext();
    const page = await visit(visitor, '/pricing');
    await heading(page, 'Pricing').waitFor();
    await page.getByRole('heading', { name: 'More with Pro' }).waitFor();
    await expect(page.getByRole('link', { name: 'Get started free' }).getAttribute('href')).resolves.toBe('/auth');
    await checkA11y(page);

    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/pro-signup');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/test');
    await heading(page, 'Start your Stash Pro trial').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('dora@example.com');
    await page.getByLabel('Name', { exact: true }).fill('Dora Diaz');
    await page.getByRole('button', { name: 'Start trial' }).click();

    await page.waitForURL((url) => url.pathname === '/setup-account' && url.searchParams.has('session_id'));
    const setupUrl = page.url();
    await heading(page, 'Set up your account').waitFor();
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe('dora@example.com');
    await expect(page.getByLabel('First name', { exact: true }).inputValue()).resolves.toBe('Dora');
    await expect(page.getByLabel('Last name', { exact: true }).inputValue()).resolves.toBe('Diaz');
    for (const term of [
      '14 days of full Pro access',
      'No charge until your trial ends',
      'Cancel anytime from settings',
      '5.99 USD a month afterwards',
    ]) {
      await expect(page.getByText(term, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await checkA11y(page);
    await page.getByLabel('Password', { exact: true }).fill('doras-password-1');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL((url) => url.pathname === '/activation');
    expect(await api(visitor).get('/api/auth/user')).toMatchObject({
      email: 'dora@example.com',
      accountType: 'trial',
      hasStripeCustomer: true,
    });

    // The session made one account: coming back to it is refused.
    await page.goto(setupUrl);
    await page.waitForURL((url) => url.pathname === '/upgrade');
    await toastText(page, 'Session verification failed').waitFor();
    await visitor.close();
  }, 60_000);

  it("sends /setup-account without a session back to /upgrade with 'Invalid session'", async () => {
    const page = await visit(alicesBrowser, '/setup-account');
    await page.waitForURL((url) => url.pathname === '/upgrade');
    await toastText(page, 'Invalid session').waitFor();
    await page.close();
  });

  it("lets a friend join with an invitation sent from Settings, and the inviter's free month appears there", async () => {
    const settings = await visit(alicesBrowser, '/settings');
    const { subscription } = await api(alicesBrowser).get('/api/subscription');
    await settings
      .getByText(`Canceled. You keep Pro until ${format(new Date(subscription.periodEnd), 'MMMM d, yyyy')}.`, { exact: true })
      .waitFor();
    await settings.getByLabel("Friend's email", { exact: true }).fill('carol@example.com');
    await settings.getByRole('button', { name: 'Send invitation' }).click();
    await toastText(settings, 'Invitation sent').waitFor();
    const sentRow = settings.getByRole('row').filter({ hasText: 'carol@example.com' });
    await sentRow.getByText('Invited', { exact: true }).waitFor();
    const code = (await sentRow.getByRole('cell').nth(1).textContent())!;

    const joinLink = await linkFromMail('carol@example.com', '/auth?invitationCode=');
    const carolsBrowser = await browser.newContext();
    const page = await visit(carolsBrowser, joinLink);
    await heading(page, 'Create your account').waitFor();
    await expect(page.getByLabel('Invitation code (optional)', { exact: true }).inputValue()).resolves.toBe(code);
    await page.getByLabel('First name', { exact: true }).fill('Carol');
    await page.getByLabel('Last name', { exact: true }).fill('Carter');
    await page.getByLabel('Email', { exact: true }).fill('carol@example.com');
    await page.getByLabel('Password', { exact: true }).fill('carols-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading(page, 'Check Your Email').waitFor();

    await page.goto(server.url + (await linkFromMail('carol@example.com', '/verify-email?token=')));
    await heading(page, 'Email Verified!').waitFor();
    // A friend counts once verified and after a first saved link.
    await saveLinkAs(carolsBrowser, server.url, { url: 'https://example.com/carols-first' });
    await carolsBrowser.close();

    // The referral job runs in the server's worker; Alice's canceled plan lasts 30 days longer.
    const extendedEnd = format(new Date(new Date(subscription.periodEnd).getTime() + 30 * DAY_MS), 'MMMM d, yyyy');
    await expect
      .poll(
        async () => {
          await settings.reload();
          await heading(settings, 'Settings').waitFor();
          return settings.getByText(`Pro until ${extendedEnd}.`, { exact: false }).count();
        },
        { timeout: MAIL_TIMEOUT_MS },
      )
      .toBe(1);
    await settings
      .getByRole('row')
      .filter({ hasText: 'carol@example.com' })
      .getByText('Joined: free month earned', { exact: true })
      .waitFor();
    const earned = settings.getByText('Free months earned', { exact: true }).locator('xpath=following-sibling::dd');
    await expect(earned.textContent()).resolves.toBe('1');
    await expect(
      settings.getByText('Invitations left', { exact: true }).locator('xpath=following-sibling::dd').textContent(),
    ).resolves.toBe('19');
    await settings.close();
  }, 60_000);
});

describe.skipIf(!e2eEnabled)('billing on a self-hosted install', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ BILLING: 'off' }), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['/pricing', '/upgrade', '/pro-signup'])('%s shows no prices and says billing is off', async (path) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + path);
    await page.getByRole('heading', { level: 1, name: 'Every feature is included' }).waitFor();
    await page.getByText('Billing is off on this server: every account has every Pro feature.').waitFor();
    await expect(page.getByText('USD').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Upgrade|trial/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Upgrade|Log in to upgrade/ }).count()).resolves.toBe(0);
    await expect(page.title()).resolves.toBe('Every feature is included · Stash');
    await checkA11y(page);
    await context.close();
  });

  it('offers no pricing or upgrade anywhere a signed-in user looks', async () => {
    const context = await browser.newContext();
    await signUpForTrial(context, server.url, 'Frank');
    const page = await context.newPage();
    // The footer learns the billing mode from this answer.
    const billingMode = page.waitForResponse((response) => response.url().endsWith('/api/billing/plans'));
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Stash Something' }).waitFor();
    await billingMode;
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Support' }).waitFor();
    await expect(footer.getByRole('link', { name: 'Pricing' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Upgrade|plans/ }).count()).resolves.toBe(0);

    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText('Invitations left', { exact: true }).waitFor();
    await expect(page.getByText('Subscription', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Upgrade|plans/ }).count()).resolves.toBe(0);

    await page.goto(`${server.url}/upgrade-trial`);
    await page.getByRole('heading', { level: 1, name: 'Every feature is included' }).waitFor();
    await expect(page.getByText('USD').count()).resolves.toBe(0);

    // The page arrives prerendered for this server's billing mode: it knows it from the start.
    await page.goto(`${server.url}/support`);
    await page.getByRole('button', { name: 'How do I delete my account?' }).waitFor();
    await expect(page.getByRole('button', { name: /free plan|free trial|Pro cost|subscription/ }).count()).resolves.toBe(0);
    await expect(page.getByText('USD').count()).resolves.toBe(0);
    await context.close();
  });
});
