// `node bench/lighthouse.mjs`: Lighthouse's performance audit of the built server's pages (by default the landing and
// pricing pages), in its mobile preset (a mid-range phone on a slow 4G line, simulated) and its desktop
// one, driving Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Also the JavaScript each
// page transfers (gzip or brotli, as sent). Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
// Usage: node bench/lighthouse.mjs [--runs 1] [--path /pricing]… [--preset mobile|desktop]
// (default: / and /pricing, both presets; --path may be given more than once).
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, path: { type: 'string', multiple: true }, preset: { type: 'string' } },
});
const pages = args.path ?? ['/', '/pricing'];
const allPresets = { mobile: undefined, desktop: desktopConfig };
if (args.preset && !(args.preset in allPresets)) throw new Error(`--preset is mobile or desktop, not ${args.preset}`);
const presets = args.preset ? { [args.preset]: allPresets[args.preset] } : allPresets;

ensureBuilt();
const database = await createBenchDatabase('lighthouse');
const stash = await startStash(database.url, { LOG_LEVEL: 'warn', READ_PAGES: 'off' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
/**
 * One Lighthouse run; one that recorded nothing (on a loaded machine Chromium's trace sometimes
 * misses the navigation: NO_NAVSTART, NO_FCP) is said on stderr and run again, at most twice.
 */
async function audited(url, config, name) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' },
      config,
    );
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.error(`${name}: no figures (${lhr.runtimeError.code}), run again`);
  }
}

try {
  console.log(
    `\n${new Date().toISOString()} · load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} · lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}\n`,
  );
  console.log(
    '| page | preset | performance | first contentful paint | largest contentful paint | total blocking time | JavaScript transferred | all transferred |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of pages) {
    for (const [preset, config] of Object.entries(presets)) {
      for (let run = 0; run < Number(args.runs); run++) {
        const lhr = await audited(stash.url + page, config, `${page} ${preset}`);
        const audit = (id) => lhr.audits[id];
        const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
        const scripts = audit('resource-summary').details.items.find((item) => item.resourceType === 'script');
        console.log(
          `| ${page} | ${preset} | ${Math.round(lhr.categories.performance.score * 100)} | ${audit('first-contentful-paint').displayValue} | ${audit('largest-contentful-paint').displayValue} | ${audit('total-blocking-time').displayValue} | ${kb(scripts?.transferSize ?? 0)} | ${kb(audit('total-byte-weight').numericValue)} |`,
        );
      }
    }
  }
} finally {
  chrome.kill();
  await stash.stop();
  await database.drop();
}
