import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no cookie and its body carries its own credential, so any origin may call it. */
    anyOrigin?: boolean;
  }
}

/**
 * State-changing requests from a browser must come from our own origin. A foreign Origin (or
 * Referer) is always refused; a cookie request with neither is refused too, since browsers send
 * Origin on every cross-site POST. Bearer-token requests carry no ambient authority and pass, as do
 * machine callers with no cookie and no Origin (webhooks), whose routes authenticate themselves.
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const allowed = new Set([new URL(appUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || request.routeOptions.config.anyOrigin) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, 'BAD_ORIGIN', 'This request did not come from Stash itself.');
    }
    const source = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!source && !request.headers.cookie) return;
    // The browser, not the page, sets Host: a cross-site page cannot make its Origin match it.
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (!source || (!allowed.has(source) && source !== ownOrigin)) {
      throw new HttpError(403, 'BAD_ORIGIN', 'This request did not come from Stash itself.');
    }
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
