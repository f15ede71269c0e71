import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian Chromium without sandbox, GPU or background traffic: every browser test launches with these. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromiumCandidate(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Debian's Chromium (or CHROMIUM_PATH), or null when it is not installed. */
export function chromiumPath(): string | null {
  const candidate = chromiumCandidate();
  return existsSync(candidate) ? candidate : null;
}

/**
 * Whether this machine can run the browser tests. Without Chromium they are skipped with one line
 * saying why — except in CI, where a missing browser would silently hide every end-to-end test.
 */
export const e2eEnabled: boolean = decideE2eEnabled();

function decideE2eEnabled(): boolean {
  if (chromiumPath()) return true;
  const reason = `no Chromium at ${chromiumCandidate()} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI === 'true') throw new Error(`End-to-end tests cannot run in CI: ${reason}`);
  process.stderr.write(`Skipping end-to-end tests: ${reason}\n`);
  return false;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(`Chromium not found at ${chromiumCandidate()}`);
  return chromium.launch({ executablePath, args: chromiumArgs });
}

/**
 * Runs axe-core on the page as it is now; fails listing every serious or critical violation.
 * `samePage` runs it without the blank helper page axe opens by default, for pages whose context
 * cannot open one (the extension's popup, reached over a second CDP connection). A page without
 * frames is checked that way too: the helper page only merges the results of several frames, and
 * opening it took half of each check's time.
 */
export async function checkA11y(page: Page, { samePage = false, rules }: { samePage?: boolean; rules?: string[] } = {}): Promise<void> {
  // Mid-transition colours (after a hover or a colour-scheme switch) would fail contrast checks.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
  const withoutHelperPage = samePage || page.frames().length === 1;
  const builder = new AxeBuilder({ page }).setLegacyMode(withoutHelperPage);
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (blocking.length === 0) return;
  const lines = blocking.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
    return `- [${violation.impact}] ${violation.id}: ${violation.help} (${targets})`;
  });
  throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join('\n')}`);
}
