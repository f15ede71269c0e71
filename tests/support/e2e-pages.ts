import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { checkA11y } from './browser';

/** A browser context whose pages log each Content-Security-Policy violation as a console error, which `watchPages` reports. */
export async function newCspReportingContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await reportCspViolations(context);
  return context;
}

/** Makes the context's pages log each CSP violation as a console error, from before their own scripts run. */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
}

/**
 * Opens pages and collects what goes wrong on them, with the path it happened on: console errors
 * (but the expected ones) and uncaught exceptions. A suite expects `problems` to be empty in the end.
 */
export function watchPages(expectedConsoleErrors: RegExp[] = []) {
  const problems: string[] = [];

  async function open(context: BrowserContext, url: string): Promise<Page> {
    const page = await context.newPage();
    const where = () => new URL(page.url()).pathname;
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !expectedConsoleErrors.some((expected) => expected.test(text)))
        problems.push(`${where()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`${where()}: uncaught ${error.message}`));
    await page.goto(url);
    return page;
  }

  return { problems, open };
}

/** A toast's title or text, inside the toast region (Radix also announces it elsewhere). */
export const toastText = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** checkA11y once dialogs and toasts have finished fading in (mid-animation colours fail contrast checks). */
export async function checkA11yAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  await checkA11y(page);
}
