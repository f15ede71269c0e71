import { api } from '@web/lib/api';
import type { ConversionBody, ConversionKind } from '@shared/reddit-conversions';
import { pixelEvents, planAnalyticsPrices } from '@shared/reddit-pixel';
import { currentAttribution } from './attribution';
import { loadPublicConfig } from './load-public-config';
import { trackPixel } from './reddit-pixel';

type Details<Kind extends ConversionKind> = Omit<ConversionBody<Kind>, 'clickId' | 'conversionId'>;

/**
 * Reports a conversion to the ad network (docs/product/analytics.md, Ad network conversions) twice, under one generated
 * conversion id so the network counts it once: through the pixel in this browser, and through our
 * server, which forwards it when the Conversions API is configured. Without REDDIT_PIXEL_ID,
 * which both need, nothing is sent at all.
 */
export async function reportConversion<Kind extends ConversionKind>(kind: Kind, details: Details<Kind>): Promise<void> {
  const config = await loadPublicConfig();
  if (!config?.redditPixelId) return;
  const conversionId = newConversionId();
  const { clickId } = currentAttribution();
  const path: `/api/reddit/${ConversionKind}` = `/api/reddit/${kind}`;
  // The body is the one of Kind's path; TypeScript cannot tie a generic Kind to one of the four paths it names.
  const body = { ...details, clickId, conversionId } as ConversionBody<ConversionKind>;
  api.POST(path, { body, keepalive: true }).catch(() => {});
  const detailsFor = pixelDetails[kind] as (details: Details<Kind>) => Record<string, unknown>;
  await trackPixel(pixelEvents[kind], conversionId, detailsFor(details));
}

/** What the pixel is told besides the conversion id: the value of a purchase or a plan put in the cart. */
const pixelDetails: { [Kind in ConversionKind]: (details: Details<Kind>) => Record<string, unknown> } = {
  landing: () => ({}),
  signup: () => ({}),
  purchase: ({ value, currency }) => ({ value, currency: currency ?? 'USD' }),
  'add-to-cart': ({ plan }) => ({ value: planAnalyticsPrices[plan], currency: 'USD' }),
};

/** Random and unique enough to pair two reports of one event; works outside secure contexts too. */
function newConversionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
