import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpForTrial, PASSWORD } from '../support/browser-accounts';
import { checkA11y, e2eEnabled, launchBrowser } from '../support/browser';
import { newCspReportingContext, toastText, watchPages } from '../support/e2e-pages';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github';
import { startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';
import { startServer, type RunningServer } from '../support/server-process';

/*
 * "Continue with …" journeys against a real OpenID Connect provider on a local port (the generic
 * provider, and Google through GOOGLE_ISSUER_URL) and a local GitHub: button → the provider's own
 * login page → back signed in.
 */

// Signed-out visits ask /api/auth/user (401); the refused callback answers 400; the provider's
// development pages ask for a web font that no test may reach.
const expectedConsoleErrors = [/Failed to load resource: the server responded with a status of 4\d\d/, /net::ERR_NAME_NOT_RESOLVED/];
const JOURNEY_TIMEOUT_MS = 120_000;

describe.skipIf(!e2eEnabled)('sign-in providers', () => {
  let idp: OidcTestProvider;
  let github: FakeGitHub;
  let server: RunningServer;
  let browser: Browser;
  const pages = watchPages(expectedConsoleErrors);

  beforeAll(async () => {
    [idp, github] = await Promise.all([startOidcTestProvider(), startFakeGitHub()]);
    [server, browser] = await Promise.all([
      startServer({
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_NAME: 'Authentik',
        GOOGLE_ISSUER_URL: idp.issuer,
        GOOGLE_CLIENT_ID: idp.clientId,
        GOOGLE_CLIENT_SECRET: idp.clientSecret,
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_BASE_URL: github.baseUrl,
        GITHUB_API_URL: github.apiUrl,
      }),
      launchBrowser(),
    ]);
    idp.registerRedirectUris([`${server.url}/api/auth/oidc/callback`, `${server.url}/api/auth/google/callback`]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.close();
    await github?.close();
    expect(pages.problems).toEqual([]);
  });

  const visit = async (context: BrowserContext, path: string) => {
    context.setDefaultTimeout(20_000);
    return pages.open(context, server.url + path);
  };
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const button = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

  /** The provider's development login page, then its consent page (skipped when already given). */
  async function signInAtProvider(page: Page, login: string): Promise<void> {
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  /** Every callback URL the browser is sent to, for replaying one later. */
  function recordCallbacks(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/callback?')) seen.push(request.url());
    });
    return seen;
  }

  it(
    'generic provider: a new person lands on /activation, a returning one on /dashboard; the button works from the keyboard',
    async () => {
      idp.people.set('erin', { email: 'erin@idp.example', email_verified: true, given_name: 'Erin', family_name: 'Example' });
      const context = await newCspReportingContext(browser);
      const page = await visit(context, '/auth?mode=register');
      await button(page, 'Continue with Authentik').waitFor();
      await checkA11y(page);
      await button(page, 'Continue with Authentik').focus();
      await page.keyboard.press('Enter');
      await signInAtProvider(page, 'erin');
      await page.waitForURL((url) => url.pathname === '/activation');
      await page
        .getByRole('button', { name: 'Start Using' })
        .or(page.getByRole('button', { name: 'Next' }))
        .first()
        .waitFor();

      await page.goto(`${server.url}/api/logout`);
      await page.goto(`${server.url}/auth?mode=login`);
      await button(page, 'Continue with Authentik').click();
      // The provider remembers the person and the consent: straight back.
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const me = await context.request.get(`${server.url}/api/auth/user`);
      expect(await me.json()).toMatchObject({ email: 'erin@idp.example', authProvider: 'oidc', emailVerified: true });
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'Google (through GOOGLE_ISSUER_URL) from /signup: new on /activation, then returning on /dashboard',
    async () => {
      idp.people.set('gina', { email: 'gina@gmail.example', email_verified: true, given_name: 'Gina' });
      const context = await newCspReportingContext(browser);
      const page = await visit(context, '/signup');
      await button(page, 'Continue with Google').click();
      await signInAtProvider(page, 'gina');
      await page.waitForURL((url) => url.pathname === '/activation');

      await page.goto(`${server.url}/api/logout`);
      await page.goto(`${server.url}/auth?mode=login`);
      await button(page, 'Continue with Google').click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(await (await context.request.get(`${server.url}/api/auth/user`)).json()).toMatchObject({
        email: 'gina@gmail.example',
        authProvider: 'google',
      });
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'GitHub from /pro-signup goes on to the checkout; back later, straight to /dashboard',
    async () => {
      github.user = {
        id: 777,
        login: 'hedy',
        name: 'Hedy Lamarr',
        emails: [{ email: 'hedy@github.example', primary: true, verified: true }],
      };
      const context = await newCspReportingContext(browser);
      const page = await visit(context, '/pro-signup');
      await button(page, 'Continue with GitHub').click();
      await page.getByRole('link', { name: 'Authorize', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/test');

      await page.goto(`${server.url}/api/logout`);
      await page.goto(`${server.url}/auth?mode=login`);
      await button(page, 'Continue with GitHub').click();
      await page.getByRole('link', { name: 'Authorize', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(await (await context.request.get(`${server.url}/api/auth/user`)).json()).toMatchObject({
        email: 'hedy@github.example',
        authProvider: 'github',
      });
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'never takes over an existing account: after the password its owner is asked, and Not now or Connect decides',
    async () => {
      const ownersBrowser = await newCspReportingContext(browser);
      const owner = await signUpForTrial(ownersBrowser, server.url, 'Owner');
      await ownersBrowser.close();
      idp.people.set('owner', { email: owner.email, email_verified: true, given_name: 'Olive', family_name: 'Owner' });
      const question = `Connect Authentik account Olive Owner (${owner.email}) to Stash?`;

      /** The provider sign-in that finds the address, then the password: the question. */
      const loginAfterProvider = async (context: BrowserContext) => {
        const page = await visit(context, '/auth?mode=login');
        await button(page, 'Continue with Authentik').click();
        await signInAtProvider(page, 'owner');
        await page.waitForURL((url) => url.pathname === '/auth');
        await page
          .getByText('An account with this email already exists. Log in with your password, then choose whether to connect Authentik.')
          .waitFor();
        expect((await context.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);
        await page.getByLabel('Email', { exact: true }).fill(owner.email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('heading', { name: question }).waitFor();
        await checkA11y(page);
        return page;
      };

      const notNow = await newCspReportingContext(browser);
      const declined = await loginAfterProvider(notNow);
      await declined.getByRole('button', { name: 'Not now' }).click();
      await declined.waitForURL((url) => url.pathname === '/dashboard');
      await declined.goto(`${server.url}/settings?tab=security`);
      await declined.getByRole('button', { name: 'Connect Authentik' }).waitFor();
      await notNow.close();

      const context = await newCspReportingContext(browser);
      const page = await loginAfterProvider(context);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await toastText(page, 'Authentik is connected. You can now sign in with it.').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto(`${server.url}/settings?tab=security`);
      await page.getByText(`Connected as ${owner.email}`).waitFor();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'Settings → Security: Connect goes to the provider and comes back connected',
    async () => {
      const context = await newCspReportingContext(browser);
      const user = await signUpForTrial(context, server.url, 'Connector');
      idp.people.set('connector-at-idp', { email: 'connector@idp.example', email_verified: true });
      const page = await visit(context, '/settings?tab=security');
      await page.getByRole('button', { name: 'Connect Authentik' }).click();
      await signInAtProvider(page, 'connector-at-idp');
      await page.waitForURL((url) => url.pathname === '/settings');
      await toastText(page, 'Authentik is connected. You can now sign in with it.').waitFor();
      await page.getByText('Connected as connector@idp.example').waitFor();
      expect(user.email).not.toBe('connector@idp.example');
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a sign-in cancelled at the provider comes back to /auth with a toast, and a replayed callback is refused',
    async () => {
      const context = await newCspReportingContext(browser);
      const page = await visit(context, '/auth?mode=login');
      await button(page, 'Continue with GitHub').click();
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await toastText(page, 'Sign-in cancelled').waitFor();

      github.user = { id: 778, login: 'ida', name: 'Ida', emails: [{ email: 'ida@github.example', primary: true, verified: true }] };
      const callbacks = recordCallbacks(page);
      await button(page, 'Continue with GitHub').click();
      await page.getByRole('link', { name: 'Authorize', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/activation');

      const stranger = await newCspReportingContext(browser);
      const replay = await visit(stranger, callbacks[0].slice(server.url.length));
      await replay.getByRole('heading', { name: 'This sign-in could not be completed' }).waitFor();
      expect((await stranger.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);
      expect(pathOf(replay)).toBe('/api/auth/github/callback');
      await stranger.close();
      await context.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
