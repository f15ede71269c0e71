import pg from 'pg';
import type { Page } from 'playwright-core';
import { launchBrowser } from './tests/support/browser';
import { saveLinkAs, signUpForTrial } from './tests/support/browser-accounts';
import { startServer } from './tests/support/server-process';

const only = process.argv[2];
const server = await startServer({ READ_PAGES: 'off' });
const browser = await launchBrowser();
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
async function shoot(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(300);
      if (prepare) await prepare();
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(name, width, colorScheme, over > 0 ? `OVERFLOW ${over}` : 'ok');
      await page.screenshot({ path: `/tmp/shots/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
}
try {
  const ctx = await browser.newContext();
  const me = await signUpForTrial(ctx, server.url, 'Shot');
  await saveLinkAs(ctx, server.url, { url: 'https://example.com/first-article', notes: 'For the weekend' });
  const page = await ctx.newPage();
  if (!only || only === 'dup') {
    await page.goto(`${server.url}/dashboard`);
    await page.getByLabel('URL', { exact: true }).fill('https://example.com/first-article');
    await page.getByLabel('Notes').fill('Second thoughts');
    await page.getByRole('button', { name: 'Save Link' }).click();
    await page.getByText('Already in your stash').waitFor();
    await shoot(page, 'dup', async () => {
      await page.getByText('Already in your stash').scrollIntoViewIfNeeded();
    });
  }
  if (!only || only === 'inv') {
    const sent = await ctx.request.post(`${server.url}/api/invitations`, { data: { email: 'friend-of-shot@example.com' }, headers: { origin: server.url } });
    const { code } = await sent.json();
    const friend = await browser.newContext();
    const fp = await friend.newPage();
    await fp.goto(`${server.url}/auth?invitationCode=${code}`);
    await fp.getByLabel('First name', { exact: true }).fill('Carol');
    await fp.getByLabel('Last name', { exact: true }).fill('Carter');
    await fp.getByLabel('Email', { exact: true }).fill('friend-of-shot@example.com');
    await fp.getByLabel('Password', { exact: true }).fill('carols-password-1');
    await fp.getByRole('button', { name: 'Create account' }).click();
    await fp.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await shoot(fp, 'checkemail');
    await page.goto(`${server.url}/settings`);
    await page.getByText('Your free month comes once').waitFor();
    await shoot(page, 'settings');
  }
  if (!only || only === 'misc') {
    await page.goto(`${server.url}/support#browser-extension`);
    await page.getByText('Not in the Chrome or Firefox stores yet.').waitFor();
    await shoot(page, 'support');
    await page.goto(`${server.url}/no-such-page`);
    await page.getByText('There is no page').waitFor();
    await shoot(page, 'notfound');
    await db.query(`update users set email_frequency = 'none', next_digest_at = null where email = $1`, [me.email]);
    await page.goto(`${server.url}/settings?tab=newsletter`);
    await page.getByText('No digest is scheduled.').waitFor();
    await page.waitForTimeout(1000);
    await shoot(page, 'newsletter');
  }
} finally {
  await db.end();
  await browser.close();
  await server.stop();
}
