import type { Page } from 'playwright-core';
import { linksLoggedBy } from '../../tests/support/server-process';
import type { Stage } from './stage';

/*
 * The demo's story, the real product in about 20 seconds: sign up for the trial, save two links
 * with notes and categories, glance at My Stash, send the newsletter now from Settings, and read
 * the digest in the dev mailbox. Titles are not fetched (READ_PAGES=off), so each link shows its
 * address: these are chosen to read well.
 */

const links = [
  { url: 'en.wikipedia.org/wiki/Tide', notes: 'For Sunday at the beach', categories: ['Personal'] },
  { url: 'paulgraham.com/read.html', notes: 'Writing is thinking', categories: ['Article', 'Work'] },
];

const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });

/** Plays the story, photographing My Stash with the links saved as the video's poster. */
export async function playStory(stage: Stage, serverUrl: string, posterFile: string): Promise<void> {
  const { page } = stage;
  await stage.await(() => page.goto(`${serverUrl}/signup`));
  await stage.pause(400);
  await stage.type(page.getByLabel('First name'), 'Maya');
  await stage.type(page.getByLabel('Last name'), 'Chen');
  await stage.type(page.getByLabel('Email'), 'maya@example.com');
  await stage.type(page.getByLabel('Password', { exact: true }), 'reading-123');
  await stage.click(page.getByRole('button', { name: 'Start my free trial' }));
  await stage.await(() => page.getByRole('heading', { name: 'Welcome to Stash' }).waitFor());
  await stage.await(() => verifyOffCamera(page, serverUrl));
  await stage.pause(800);

  await stage.click(page.getByRole('link', { name: 'Stashboard' }));
  for (const link of links) {
    await stage.type(page.getByLabel('URL', { exact: true }), link.url);
    await stage.type(page.getByLabel('Notes'), link.notes);
    const presets = page.getByRole('group', { name: 'Preset categories' });
    for (const category of link.categories) await stage.click(presets.getByRole('button', { name: category, exact: true }));
    await stage.click(page.getByRole('button', { name: 'Save Link' }));
    await stage.await(() => toast(page, 'Link saved successfully!').waitFor());
    await stage.pause(300);
  }
  await stage.scrollTo(page.getByRole('region', { name: "Today's links" }));
  await stage.pause(900);

  // Scrolling back up brings the header, which hides while scrolling down, back.
  await stage.scrollTo('top');
  await stage.click(page.getByRole('link', { name: 'My Stash' }));
  await stage.await(() => page.getByRole('heading', { name: 'My Stash' }).waitFor());
  await stage.pause(1200);
  await stage.photo(posterFile);

  await stage.click(page.getByRole('button', { name: 'Account menu' }));
  await stage.click(page.getByRole('menuitem', { name: 'Settings' }));
  await stage.click(page.getByRole('tab', { name: 'Newsletter' }));
  await stage.scrollTo(page.getByRole('button', { name: 'Send now' }));
  await stage.click(page.getByRole('button', { name: 'Send now' }));
  await stage.await(() => toast(page, 'Success!').waitFor());
  await stage.pause(1300);

  await openDigest(stage, serverUrl);
}

/**
 * Opens Maya's verification link, off camera, from the server's log (the dev mailbox shows an
 * account no mail until its address is verified): only a verified address gets a digest. The
 * page's request context carries her session, so the mailbox then shows her mail.
 */
async function verifyOffCamera(page: Page, serverUrl: string): Promise<void> {
  for (;;) {
    const link = linksLoggedBy(serverUrl).find((logged) => logged.to === 'maya@example.com' && logged.url.includes('/verify-email?token='));
    if (link) {
      await page.request.get(link.url.replace(/^.*\/verify-email/, `${serverUrl}/api/auth/verify-email`));
      return;
    }
    await page.waitForTimeout(200);
  }
}

/** The mailbox, once the digest is in it, then the digest itself. */
async function openDigest(stage: Stage, serverUrl: string): Promise<void> {
  const { page } = stage;
  const digest = page.getByRole('link', { name: /^Your Stash digest/ });
  await stage.await(async () => {
    await page.goto(`${serverUrl}/dev/mailbox`);
    while (!(await digest.isVisible())) await page.waitForTimeout(300).then(() => page.reload());
  });
  await stage.pause(900);
  await stage.click(digest.first());
  const html = page.getByRole('heading', { name: 'HTML', exact: true });
  await stage.await(() => html.waitFor());
  await stage.pause(500);
  await stage.scrollTo(html);
  await stage.pause(3500);
}
