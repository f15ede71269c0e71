import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { buildExtension } from '../../scripts/build-extension';
import { chromiumArgs, chromiumPath } from './browser';

export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's service worker, for reading what it stored. */
  serviceWorker: Worker;
  /** Opens the toolbar popup over the active tab, as pressing the button does, and answers its page. */
  openPopup(): Promise<Page>;
  /** The extension's own page at `file` (e.g. options.html). */
  extensionUrl(file: string): string;
  close(): Promise<void>;
}

const POPUP_TIMEOUT_MS = 10_000;

/**
 * Chromium with the Stash extension built for `serverUrl` (as a self-hoster's build is), or
 * without one (null: the default build), loaded unpacked in a fresh profile. Headless Chromium runs extensions; Playwright does not attach to
 * the toolbar popup, so a second CDP client does, over a debugging port the profile reports.
 */
export async function launchWithExtension(serverUrl: string | null): Promise<ExtensionBrowser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found');
  const extensionDir = mkdtempSync(path.join(os.tmpdir(), 'stash-extension-'));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'stash-profile-'));
  await buildExtension({ target: 'chrome', serverUrl, outDir: extensionDir });

  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: [...chromiumArgs, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, '--remote-debugging-port=0'],
  });
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const [port] = readFileSync(path.join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n');
  const popupUrl = new URL('popup.html', serviceWorker.url()).href;
  // A CDP client sees the popups open when it connects, not those opened later: one per popup.
  const inspectors: Browser[] = [];
  let popup: Page | undefined;

  return {
    context,
    serviceWorker,
    async openPopup() {
      await popup?.close();
      await serviceWorker.evaluate(() => chrome.action.openPopup());
      for (
        const deadline = Date.now() + POPUP_TIMEOUT_MS;
        !popup || popup.isClosed();
        await new Promise((resolve) => setTimeout(resolve, 100))
      ) {
        if (Date.now() > deadline) throw new Error('the popup did not open');
        const inspector = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
        inspectors.push(inspector);
        popup = inspector
          .contexts()
          .flatMap((inspected) => inspected.pages())
          .find((page) => page.url() === popupUrl);
      }
      await popup.waitForLoadState();
      return popup;
    },
    extensionUrl: (file) => new URL(file, serviceWorker.url()).href,
    async close() {
      await context.close();
      await Promise.all(inspectors.map((inspector) => inspector.close()));
      rmSync(extensionDir, { recursive: true, force: true });
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
