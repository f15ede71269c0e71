import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { checkA11yAtRest, newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * The accounts journeys of docs/product/accounts.md, against the built server with a real SMTP
 * sink: every link followed here is read from an e-mail the server actually sent.
 */

// Failed calls (401 signed out, a wrong password, a taken address) are logged by Chromium; they are expected here.
const expectedConsoleErrors = [/Failed to load resource: the server responded with a status of 4\d\d/];

const alice = { firstName: 'Alice', lastName: 'Archer', email: 'alice@example.com', password: 'first-password-1' };
const alicesNewPassword = 'second-password-2';
const MAIL_TIMEOUT_MS = 15_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!e2eEnabled)('accounts', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;
  /** Alice's browser: signed up in the first test, used again by the journeys that follow. */
  let alicesBrowser: BrowserContext;
  const pages = watchPages(expectedConsoleErrors);

  beforeAll(async () => {
    sink = await startSmtpSink();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: sink.url }), launchBrowser()]);
    alicesBrowser = await newContext();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  async function newContext(): Promise<BrowserContext> {
    const context = await newCspReportingContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    return context;
  }

  const visit = (context: BrowserContext, path: string) => pages.open(context, server.url + path);

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const pathOf = (page: Page) => new URL(page.url()).pathname;

  /** The path of the link starting with `path` in the newest e-mail to `to` that has one. */
  async function linkFromMail(to: string, path: string): Promise<string> {
    const linkPattern = new RegExp(`${escapeRegExp(server.url + path)}[^\\s\\]]*`);
    const matching = () =>
      sink.messages.filter((message) => JSON.stringify(message.to).includes(to) && linkPattern.test(message.text ?? ''));
    await expect.poll(() => matching().length, { timeout: MAIL_TIMEOUT_MS }).toBeGreaterThan(0);
    const [link] = matching().at(-1)!.text!.match(linkPattern)!;
    return link.slice(server.url.length);
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('signs up on /signup, takes the five-step tour and lands on the Stashboard', async () => {
    const page = await visit(alicesBrowser, '/signup');
    await heading(page, 'Create Your Free Account').waitFor();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Start my free trial' }).click();
    await expect.poll(() => field(page, 'First name').getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByText('First name is required').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Please enter a valid email address').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Password must be at least 8 characters', { exact: true }).isVisible()).resolves.toBe(true);

    await field(page, 'First name').fill(alice.firstName);
    await field(page, 'Last name').fill(alice.lastName);
    await field(page, 'Email').fill(alice.email);
    await field(page, 'Password').fill(alice.password);
    await field(page, 'Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/activation');

    await page.getByText('Step 1 of 5').waitFor();
    await page.getByText('20%').waitFor();
    await page.getByRole('heading', { name: 'Your Stashboard' }).waitFor();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 5').waitFor();
    await expect(page.getByRole('heading', { name: 'Newsletter Settings' }).isVisible()).resolves.toBe(true);
    // Focus stays on Next (not the step's heading), so Enter goes on through the tour.
    const nextIsFocused = () => page.getByRole('button', { name: 'Next' }).evaluate((button) => button === document.activeElement);
    await expect(nextIsFocused()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Step 1 of 5').waitFor();
    await expect.poll(nextIsFocused).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Step 2 of 5').waitFor();

    await page.getByRole('button', { name: 'Step 3: Chrome Extension' }).click();
    await page.getByText('60%').waitFor();
    // No store lists the extension yet: the tour says where it comes from instead of a store search.
    const install = page.getByRole('link', { name: /How to get the extension/ });
    await expect(install.getAttribute('target')).resolves.toBe('_blank');
    await expect(install.getAttribute('href')).resolves.toBe('/support#browser-extension');

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Step 2 of 5').waitFor();

    await page.getByRole('button', { name: 'Step 5: Add links to your newsletter' }).click();
    await page.getByText('100%').waitFor();
    await expect(page.getByRole('button', { name: 'Next' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Start Using' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto(`${server.url}/activation`);
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.close();
  });

  it('verifies the address with the link from the e-mail, then offers the login form', async () => {
    const verifyLink = await linkFromMail(alice.email, '/verify-email?token=');

    const stranger = await newContext();
    const page = await visit(stranger, verifyLink);
    await heading(page, 'Email Verified!').waitFor();
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('verified') === 'true');
    await page.getByText('Email verified successfully!').waitFor();
    await heading(page, 'Log in to Stash').waitFor();
    await checkA11y(page);

    // The link works once.
    await page.goto(server.url + verifyLink);
    await heading(page, 'Verification Failed').waitFor();
    await expect(page.getByText('Invalid verification link').isVisible()).resolves.toBe(true);

    await page.goto(`${server.url}/verify-email`);
    await heading(page, 'Verification Failed').waitFor();
    await expect(page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).resolves.toBe('/auth');
    await stranger.close();

    // Alice is signed in: she is not sent to a login she does not need.
    const signedIn = await visit(alicesBrowser, verifyLink);
    await heading(signedIn, 'Verification Failed').waitFor();
    await expect(signedIn.getByRole('link', { name: 'Back to Stashboard' }).getAttribute('href')).resolves.toBe('/dashboard');
    await expect(signedIn.getByRole('link', { name: /Login/ }).count()).resolves.toBe(0);
    await signedIn.close();
  });

  it('signs out, and signs back in to the page that asked for a login', async () => {
    const page = await visit(alicesBrowser, '/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await heading(page, 'Turn saved links into your favourite newsletter').waitFor();

    await page.goto(`${server.url}/settings?tab=security`);
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Password is required').waitFor();

    await logIn(page, alice.email, 'not-her-password');
    await toastText(page, 'Login failed').waitFor();
    await expect(toastText(page, 'Invalid email or password').isVisible()).resolves.toBe(true);

    await logIn(page, alice.email, alice.password);
    await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('tab') === 'security');

    // Signed in, /auth sends the visitor home (and home to the Stashboard); a foreign redirect is ignored.
    await page.goto(`${server.url}/auth?redirect=//evil.example`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.close();
  });

  it('registers on /auth with an invitation, and sends a taken address to the login form', async () => {
    const newcomer = await newContext();
    const page = await visit(newcomer, '/auth?invitationCode=FRIEND1');
    await heading(page, 'Create your account').waitFor();
    await expect(field(page, 'Invitation code (optional)').inputValue()).resolves.toBe('FRIEND1');
    await checkA11y(page);
    // No one sent FRIEND1, so the server would refuse it (redeeming real codes: tests/e2e/billing.test.ts).
    await field(page, 'Invitation code (optional)').fill('');

    await field(page, 'First name').fill('Bob');
    await field(page, 'Last name').fill('Baker');
    await field(page, 'Email').fill('bob@example.com');
    await field(page, 'Password').fill('bobs-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading(page, 'Check Your Email').waitFor();
    await expect(page.getByText('bob@example.com').isVisible()).resolves.toBe(true);
    await checkA11y(page);

    // The new account is signed in: the way on is into Stash, not back to a login.
    await expect(page.getByRole('button', { name: 'Back to Login' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Continue to Stash' }).click();
    await heading(page, 'Stash Something').waitFor();

    await newcomer.clearCookies();
    await page.goto(`${server.url}/auth?mode=login`);
    await heading(page, 'Log in to Stash').waitFor();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await field(page, 'First name').fill('Alice');
    await field(page, 'Last name').fill('Again');
    await field(page, 'Email').fill(alice.email);
    await field(page, 'Password').fill('whatever-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await toastText(page, 'Account already exists').waitFor();
    await expect(toastText(page, 'An account with this email already exists. Please log in instead.').isVisible()).resolves.toBe(true);
    await heading(page, 'Log in to Stash').waitFor();
    await expect(field(page, 'Email').inputValue()).resolves.toBe(alice.email);
    await newcomer.close();
  });

  it('resets a forgotten password with the e-mailed link and logs in with the new one', async () => {
    const forgetful = await newContext();
    const page = await visit(forgetful, '/auth?mode=login');
    await field(page, 'Email').fill(alice.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await heading(page, 'Reset your password').waitFor();
    await expect(field(page, 'Email').inputValue()).resolves.toBe(alice.email);
    await checkA11y(page);

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await heading(page, 'Reset email sent').waitFor();
    await expect(page.getByText('If an account with that email exists, a password reset link has been sent.').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('button', { name: 'Back to Login' }).isVisible()).resolves.toBe(true);

    const resetLink = await linkFromMail(alice.email, '/auth?mode=reset&token=');
    await page.goto(server.url + resetLink);
    await heading(page, 'Choose a new password').waitFor();
    await field(page, 'Email').waitFor();
    await expect(field(page, 'Email').inputValue()).resolves.toBe(alice.email);
    await checkA11y(page);

    await field(page, 'New password').fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toastText(page, 'Password too short').waitFor();

    await field(page, 'New password').fill(alicesNewPassword);
    await field(page, 'Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toastText(page, "Passwords don't match").waitFor();
    await expect(page.getByText('Please make sure both passwords are the same').first().isVisible()).resolves.toBe(true);

    await field(page, 'Confirm new password').fill(alicesNewPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await heading(page, 'Log in to Stash').waitFor();
    await expect(field(page, 'Email').inputValue()).resolves.toBe(alice.email);
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();

    // A used link is refused, and the visitor may ask for another.
    await page.goto(server.url + resetLink);
    await toastText(page, 'Invalid or expired reset link').waitFor();
    await heading(page, 'Reset your password').waitFor();

    await page.goto(`${server.url}/auth`);
    await logIn(page, alice.email, alicesNewPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await forgetful.close();
  });

  it('creates an API token, shows it once, and revokes it', async () => {
    // The reset signed Alice out everywhere, her first browser too.
    const page = await visit(alicesBrowser, '/auth?redirect=%2Fsettings%3Ftab%3Dsecurity');
    await logIn(page, alice.email, alicesNewPassword);
    await page.waitForURL((url) => url.pathname === '/settings');
    await expect.poll(() => page.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    await checkA11y(page);

    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is required').waitFor();
    await expect(page.getByText('Please confirm your new password').isVisible()).resolves.toBe(true);

    await page.getByText('No API tokens yet.').waitFor();
    await field(page, 'Token name').fill('Reading script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API token' });
    await dialog.waitFor();
    await expect(dialog.getByText("Copy it now: for your security it won't be shown again.").isVisible()).resolves.toBe(true);
    const token = await dialog.getByLabel('Token').inputValue();
    expect(token).toMatch(/^stash_/);
    await checkA11yAtRest(page);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(token);

    const asScript = () =>
      fetch(`${server.url}/api/auth/user`, { headers: { Authorization: `Bearer ${token}` } }).then((answer) => answer.status);
    await expect(asScript()).resolves.toBe(200);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const tokenList = page.getByRole('list', { name: 'API tokens' });
    await tokenList.getByText('Reading script').waitFor();
    await expect(page.content()).resolves.not.toContain(token);

    // The tab is in the URL, so it survives a reload; the token itself is never shown again.
    await page.reload();
    await tokenList.getByText('Reading script').waitFor();
    await expect(page.content()).resolves.not.toContain(token);

    await tokenList.getByRole('button', { name: 'Revoke Reading script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Reading script”?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('No API tokens yet.').waitFor();
    await expect(asScript()).resolves.toBe(401);
    await page.close();
  });

  it('updates the profile, then deletes the account and lands on the home page', async () => {
    const page = await visit(alicesBrowser, '/settings');
    await expect.poll(() => page.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => field(page, 'First name').inputValue()).toBe(alice.firstName);
    await checkA11y(page);

    await field(page, 'First name').fill('Alicia');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastText(page, 'Profile updated').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).textContent()).toContain('Alicia');

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'security');
    await page.getByRole('tab', { name: 'Profile' }).click();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await checkA11yAtRest(page);
    // The export is offered first, in the dialog.
    await expect(confirm.getByRole('link', { name: 'Download my links (JSON)' }).getAttribute('href')).resolves.toBe('/api/export/json');
    // The password is asked again: none, or a wrong one, deletes nothing.
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByText('Please enter your password to delete your account', { exact: true }).waitFor();
    await confirm.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByText('That password is not correct', { exact: true }).waitFor();
    await expect((await alicesBrowser.request.get(`${server.url}/api/auth/user`)).status()).toBe(200);
    await confirm.getByLabel('Your password', { exact: true }).fill(alicesNewPassword);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await toastText(page, 'Account deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await heading(page, 'Turn saved links into your favourite newsletter').waitFor();
    await expect(page.evaluate(() => localStorage.length + sessionStorage.length)).resolves.toBe(0);

    await page.goto(`${server.url}/auth?mode=login`);
    await logIn(page, alice.email, alicesNewPassword);
    await toastText(page, 'Login failed').waitFor();
    expect(pathOf(page)).toBe('/auth');
    await page.close();
  });

  // Last, so it covers every page the tests above opened.
  it('logs no CSP violations, uncaught errors or unexpected console errors', () => {
    expect(pages.problems).toEqual([]);
  });
});
