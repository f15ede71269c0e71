import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { redditPixel } from '../../shared/reddit-pixel';

export interface ThirdPartyScripts {
  /** REDDIT_PIXEL_ID is set: the ad network's pixel may load and report. */
  redditPixel?: boolean;
}

/** Helmet's headers with a CSP the web app passes: no inline scripts, nothing third-party unless configured. */
export function registerSecurityHeaders(app: FastifyInstance, appUrl: string, thirdParty: ThirdPartyScripts = {}): void {
  const pixelScripts = thirdParty.redditPixel ? [redditPixel.scriptHost] : [];
  const pixelReports = thirdParty.redditPixel ? [...redditPixel.reportHosts] : [];
  const headers = helmetHeaders({
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
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/**
 * The headers helmet sets, worked out once: they are the same for every answer (no nonces), and
 * building helmet's middleware on every request, as @fastify/helmet does, cost 3% of a request.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
