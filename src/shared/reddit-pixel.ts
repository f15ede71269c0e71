/*
 * What the browser needs to report a conversion to the ad network, kept apart from the payload
 * schemas of reddit-conversions.ts so that the landing page's script carries no zod.
 */

/** The pixel's name for each conversion call (docs/product/analytics.md, Ad network conversions). */
export const pixelEvents = {
  landing: 'PageVisit',
  signup: 'SignUp',
  purchase: 'Purchase',
  'add-to-cart': 'AddToCart',
} as const;

/** docs/product/analytics.md, Ad network conversions: what an add-to-cart is worth to the ad network, in USD. */
export const planAnalyticsPrices = { monthly: 5.99, annual: 59 } as const;

/**
 * The ad network's pixel script, loaded only when REDDIT_PIXEL_ID is set; the server's CSP allows
 * its host, and the hosts it reports to, only then.
 */
export const redditPixel = {
  scriptUrl: 'https://www.redditstatic.com/ads/pixel.js',
  scriptHost: 'https://www.redditstatic.com',
  reportHosts: ['https://alb.reddit.com', 'https://pixel-config.reddit.com'],
} as const;
