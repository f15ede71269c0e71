import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { webRoot } from '../paths';
import { loadPrerenderedPages, prerenderedPageFor, sendPrerenderedPage } from './prerendered-pages';

/**
 * Serves the built web app from dist/web. Any GET that is not an API call or a file gets
 * index.html, so the client router decides (including its 404 page); a public page the build
 * wrote to HTML gets that instead (prerendered-pages.ts). Hashed assets are immutable.
 */
export async function registerStaticFiles(app: FastifyInstance, billing: Config['billing']): Promise<void> {
  const serviceWorkerFile = path.join(webRoot, 'sw.js');
  const hasWebBuild = existsSync(path.join(webRoot, 'index.html'));
  const prerendered = loadPrerenderedPages(webRoot, billing);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz files beside the text files (scripts/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The installable app's service worker (public/sw.js, or its .br/.gz copy) controls every page of the site.
        if (filePath.replace(/\.(br|gz)$/, '') === serviceWorkerFile) reply.header('service-worker-allowed', '/');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset is a 404, not the app: the browser asked for a file.
    const isPage = request.method === 'GET' && !isServerPath(request.url) && !request.url.startsWith('/assets/');
    const prerenderedPage = isPage ? prerenderedPageFor(prerendered, request.url) : undefined;
    if (prerenderedPage) return sendPrerenderedPage(prerenderedPage, request, reply);
    if (isPage && hasWebBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    if (isPage) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}

function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/');
}
