import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { linkMessages } from '../../shared/link-messages';
import { safeFetch } from './fetch/safe-fetch';

/*
 * Images of readable copies, fetched by Stash so that reading never tells a third party who reads
 * what: the same address rules as the page fetch, at most 5 MB, raster images only (an SVG can
 * carry script), and kept in a small in-memory cache (most recently used first, 64 MB in all).
 */

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const CACHE_BYTES = 64 * 1024 * 1024;
const RASTER = /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

export interface ProxiedImage {
  contentType: string;
  body: Buffer;
}

const cache = new Map<string, ProxiedImage>();
let cachedBytes = 0;

export async function fetchImage(ctx: AppContext, src: string): Promise<ProxiedImage> {
  const hit = cache.get(src);
  if (hit) {
    cache.delete(src);
    cache.set(src, hit);
    return hit;
  }
  let image: ProxiedImage;
  try {
    const page = await safeFetch(src, {
      maxBytes: MAX_IMAGE_BYTES + 1,
      ...(ctx.config.allowPrivateFetch && { isAllowedAddress: () => true }),
    });
    const contentType = page.contentType.split(';')[0].trim().toLowerCase();
    if (page.status !== 200 || !RASTER.test(contentType) || page.body.length > MAX_IMAGE_BYTES)
      throw new Error(`${page.status} ${contentType} ${page.body.length} bytes`);
    image = { contentType, body: page.body };
  } catch (error) {
    ctx.log.info({ src, reason: (error as Error).message }, 'image not proxied');
    throw new HttpError(502, 'IMAGE_UNAVAILABLE', linkMessages.imageUnavailable);
  }
  remember(src, image);
  return image;
}

function remember(src: string, image: ProxiedImage): void {
  cache.set(src, image);
  cachedBytes += image.body.length;
  for (const [key, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(key);
    cachedBytes -= old.body.length;
  }
}
