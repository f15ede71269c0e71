import { redditPixel } from '@shared/reddit-pixel';
import { loadPublicConfig } from './load-public-config';

/** The pixel's command function: queues calls until its script has loaded and set sendEvent. */
type PixelCommand = ((...args: unknown[]) => void) & { callQueue: unknown[][]; sendEvent?: (...args: unknown[]) => void };

declare global {
  interface Window {
    rdt?: PixelCommand;
  }
}

/** docs/product/analytics.md, Ad network conversions: the pixel is awaited for at most 50 checks, 100 ms apart. */
const WAIT_CHECKS = 50;
const WAIT_INTERVAL_MS = 100;

export type PixelEvent = 'PageVisit' | 'SignUp' | 'Purchase' | 'AddToCart';

let installed: Promise<boolean> | undefined;

/**
 * Sends an event to the ad network's pixel, loading the pixel on first use, and only when the
 * server has REDDIT_PIXEL_ID set. When the script has not arrived after the wait (a blocker, a
 * slow network), the event is skipped.
 */
export async function trackPixel(event: PixelEvent, conversionId: string, details: Record<string, unknown> = {}): Promise<void> {
  installed ??= loadPublicConfig().then((config) => (config?.redditPixelId ? install(config.redditPixelId) : false));
  if (!(await installed)) return;
  const pixel = await loadedPixel();
  pixel?.('track', event, { ...details, conversionId });
}

/** The network's own loader snippet, done from our bundle: the CSP allows no inline script. */
function install(pixelId: string): true {
  const command: PixelCommand = Object.assign(
    (...args: unknown[]) => (command.sendEvent ? command.sendEvent(...args) : command.callQueue.push(args)),
    { callQueue: [] as unknown[][] },
  );
  window.rdt = command;
  const script = document.createElement('script');
  script.src = redditPixel.scriptUrl;
  script.async = true;
  document.head.append(script);
  command('init', pixelId, { useDecimalCurrencyValues: true });
  return true;
}

async function loadedPixel(): Promise<PixelCommand | null> {
  for (let check = 0; check < WAIT_CHECKS; check++) {
    if (window.rdt?.sendEvent) return window.rdt;
    await new Promise((resolve) => setTimeout(resolve, WAIT_INTERVAL_MS));
  }
  return null;
}
