import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Helmet's headers with a CSP the web app passes: no inline scripts, nothing third-party. */
export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers and toasts with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
