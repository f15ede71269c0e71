import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy';
import { FetchRefused, safeFetch } from './safe-fetch';

let server: Server;
let origin: string;
let port: number;
const seenHeaders: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seenHeaders.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://localhost');
    switch (url.pathname) {
      case '/page':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Hello</title>');
      case '/redirect':
        return response.writeHead(302, { location: url.searchParams.get('to') ?? '/page', 'set-cookie': 'session=secret' }).end();
      case '/loop':
        return response.writeHead(301, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
      case '/big':
        return response.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(2 * 1024 * 1024, 'a'));
      case '/bomb':
        return response
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
      case '/slow':
        return response.writeHead(200, { 'content-type': 'text/html' }).write('<title>');
      default:
        return response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Only the test server's own address, as ALLOW_PRIVATE_FETCH would allow it, and public ones. */
const testServerOnly = { isAllowedAddress: (address: string) => address === '127.0.0.1' || isPublicAddress(address) };

describe('isPublicAddress', () => {
  it('allows public unicast addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, unique-local and embedded-IPv4 forms', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.2.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:8.8.8.8',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%lo',
      'ff02::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      '2001:db8::1',
      'localhost',
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('safeFetch refuses the SSRF vectors (private addresses not allowed)', () => {
  // The URL parser writes 127.1, 2130706433 and 0x7f000001 as 127.0.0.1 before any check sees them.
  it.each(['127.1', '2130706433', '0x7f000001', '017700000001'])('normalises %s to 127.0.0.1', (host) => {
    expect(new URL(`http://${host}/`).hostname).toBe('127.0.0.1');
  });

  it.each([
    'http://127.1:PORT/page',
    'http://2130706433:PORT/page',
    'http://0x7f000001:PORT/page',
    'http://127.0.0.1:PORT/page',
    'http://[::1]:PORT/page',
    'http://[::ffff:127.0.0.1]:PORT/page',
    'http://[64:ff9b::127.0.0.1]:PORT/page',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://0.0.0.0:PORT/page',
    'http://localhost:PORT/page',
  ])('%s', async (url) => {
    const before = seenHeaders.length;
    await expect(safeFetch(url.replace('PORT', String(port)))).rejects.toBeInstanceOf(FetchRefused);
    expect(seenHeaders.length).toBe(before);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    await expect(safeFetch('file:///etc/passwd')).rejects.toBeInstanceOf(FetchRefused);
    await expect(safeFetch(`http://user:pass@127.0.0.1:${port}/page`, testServerOnly)).rejects.toBeInstanceOf(FetchRefused);
  });
});

describe('safeFetch on an allowed address', () => {
  it('fetches the page', async () => {
    const page = await safeFetch(`${origin}/page`, testServerOnly);
    expect(page).toMatchObject({ status: 200, contentType: 'text/html', url: `${origin}/page` });
    expect(page.body.toString()).toBe('<title>Hello</title>');
  });

  it('checks every redirect again: a loopback page redirecting to a private address is refused', async () => {
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      `http://127.0.0.2:${port}/page`,
      `http://[::1]:${port}/page`,
      'http://100.64.0.1/',
    ]) {
      const before = seenHeaders.length;
      await expect(safeFetch(`${origin}/redirect?to=${encodeURIComponent(to)}`, testServerOnly), to).rejects.toBeInstanceOf(FetchRefused);
      expect(seenHeaders.length).toBe(before + 1);
    }
  });

  it('follows at most 5 redirects and sends no cookie, even one the site set', async () => {
    const page = await safeFetch(`${origin}/redirect?to=/page`, testServerOnly);
    expect(page.url).toBe(`${origin}/page`);
    expect(seenHeaders.at(-1)?.cookie).toBeUndefined();
    await expect(safeFetch(`${origin}/loop`, testServerOnly)).rejects.toThrow('more than 5 redirects');
    await expect(safeFetch(`${origin}/redirect?to=${encodeURIComponent('http://[::1')}`, testServerOnly)).rejects.toBeInstanceOf(
      FetchRefused,
    );
  });

  it('reads at most 512 KiB, also of a compressed body', async () => {
    expect((await safeFetch(`${origin}/big`, testServerOnly)).body.length).toBe(512 * 1024);
    expect((await safeFetch(`${origin}/bomb`, testServerOnly)).body.length).toBe(512 * 1024);
  });

  it('gives up after the time limit', async () => {
    await expect(safeFetch(`${origin}/slow`, { ...testServerOnly, timeoutMs: 200 })).rejects.toThrow();
  });

  it('connects to the address it checked, resolving each host name once', async () => {
    const asked: string[] = [];
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const page = await safeFetch(`http://pinned.test:${port}/page`, { ...testServerOnly, resolve });
    expect(page.status).toBe(200);
    expect(seenHeaders.at(-1)?.host).toBe(`pinned.test:${port}`);
    expect(asked).toEqual(['pinned.test']);
  });

  it('refuses a host name if any of its addresses is not allowed', async () => {
    const resolve = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(safeFetch(`http://mixed.test:${port}/page`, { ...testServerOnly, resolve })).rejects.toBeInstanceOf(FetchRefused);
  });
});
