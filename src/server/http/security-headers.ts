import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { redditPixel } from '../../shared/reddit-conversions';

export interface ThirdPartyScripts {
  /** REDDIT_PIXEL_ID is set: the ad network's pixel may load and report. */
  redditPixel?: boolean;
}

/** Helmet's headers with a CSP the web app passes: no inline scripts, nothing third-party unless configured. */
export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string, thirdParty: ThirdPartyScripts = {}): Promise<void> {
  const pixelScripts = thirdParty.redditPixel ? [redditPixel.scriptHost] : [];
  const pixelReports = thirdParty.redditPixel ? [...redditPixel.reportHosts] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pixelScripts],
        // Radix positions popovers and toasts with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...pixelReports],
        mediaSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(appUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: appUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });
}
