import { paths } from '@shared/routes';

const PLACEHOLDER_ORIGIN = 'https://stash.invalid';

/**
 * The web app's own pages, the only places a sign-in may lead back to (matched in any case, as the
 * router does). A route's parameter (`/read/:id`) stands for one whole path segment.
 */
const appPages: RegExp[] = Object.values(paths).map(
  (path) =>
    new RegExp(
      `^${path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
        .join('/')}$`,
      'i',
    ),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The `redirect` query parameter if it is one of the app's own pages, else null. Anything that
 * could leave the site is refused, so a crafted /auth link cannot send someone elsewhere after
 * they sign in: "//host" and "/\host" (browsers read both as another host), absolute URLs, any
 * whitespace or control character (browsers drop tabs and newlines, so "/\t/host" is "//host"),
 * and every server path (an /api/ endpoint may itself redirect off-site, e.g. a digest's link).
 */
export function safeRedirectPath(value: string | null): string | null {
  if (!value?.startsWith('/')) return null;
  if (value[1] === '/' || value.includes('\\')) return null;
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN) return null;
    // Decoded, so "/%61pi/…" is seen as the server path it is.
    const page = decodeURIComponent(url.pathname);
    return appPages.some((pattern) => pattern.test(page)) ? value : null;
  } catch {
    return null;
  }
}
