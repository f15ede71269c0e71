import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSite {
  /** Base URL without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** A local web site of one-page articles: GET /<anything> answers a page titled after its path. */
export async function startTestSite(): Promise<TestSite> {
  const server: Server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').slice(1).split('?')[0]) || 'home';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Local article: ${name.replace(/[<&>"]/g, '')}</title><h1>An article</h1></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
