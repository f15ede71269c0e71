import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress } from './address-policy';

/*
 * GET of a page a user saved, safe to run on the server: only http(s), no credentials in the URL;
 * every address a host name resolves to is checked, and the connection is made to the checked
 * address itself (our own `lookup`), so a DNS answer that changes between check and connect
 * (rebinding) cannot swap it. Each redirect is checked again, at most 5; at most 512 KiB of body
 * is read and 10 s spent in all. No cookies are sent or kept.
 */

export interface SafeFetchOptions {
  /** Which addresses may be connected to: public ones unless told otherwise (ALLOW_PRIVATE_FETCH, tests). */
  isAllowedAddress?: (address: string) => boolean;
  /** A host name's addresses; the system resolver unless a test brings its own. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** Where the page was found, after redirects. */
  url: string;
  status: number;
  contentType: string;
  /** At most maxBytes, decompressed. */
  body: Buffer;
}

/** The fetch was not attempted or not continued because of the rules above. */
export class FetchRefused extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const { isAllowedAddress = isPublicAddress, resolve = resolveAll, maxBytes = 512 * 1024, timeoutMs = 10_000, maxRedirects = 5 } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  const lookup = pinnedLookup(resolve, isAllowedAddress);
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    refuseUnsafeUrl(target, isAllowedAddress);
    const response = await get(target, lookup, signal);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
      const body = await readAtMost(decoded(response), maxBytes);
      return { url: target.href, status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body };
    }
    response.destroy();
    if (redirects >= maxRedirects) throw new FetchRefused(`more than ${maxRedirects} redirects`);
    if (!URL.canParse(location, target)) throw new FetchRefused(`a redirect to ${location}, which is not a URL`);
    target = new URL(location, target);
  }
}

function refuseUnsafeUrl(url: URL, isAllowedAddress: (address: string) => boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`${url.protocol} is not http or https`);
  if (url.username || url.password) throw new FetchRefused('credentials in the URL');
  // An address written in the URL is connected to without any lookup: it is checked here instead.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) && !isAllowedAddress(literal)) throw new FetchRefused(`${literal} is not a public address`);
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/** A `lookup` for the socket that resolves once, refuses if any address is not allowed, and connects to those. */
function pinnedLookup(
  resolve: (hostname: string) => Promise<LookupAddress[]>,
  isAllowedAddress: (address: string) => boolean,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find(({ address }) => !isAllowedAddress(address));
        if (addresses.length === 0 || refused) {
          callback(new FetchRefused(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), '', 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function get(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      lookup,
      signal,
      // A fresh connection each time: a kept-alive socket could lead to an address checked for another host.
      agent: false,
      headers: {
        'user-agent': 'StashBot/1.0 (page titles for saved links)',
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = response.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  response.once('error', (error) => decoder.destroy(error));
  decoder.once('close', () => response.destroy());
  return response.pipe(decoder);
}

/** Reads until the end or maxBytes (counted after decompression, so a small bomb stays small). */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const piece = (chunk as Buffer).subarray(0, maxBytes - size);
      chunks.push(piece);
      size += piece.length;
      if (size >= maxBytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}
