const PLACEHOLDER_ORIGIN = 'https://stash.invalid';

/**
 * The `redirect` query parameter if it is a path on this site, else null. Anything that could
 * leave the site is refused, so a crafted /auth link cannot send someone elsewhere after they
 * sign in: "//host" and "/\host" (browsers read both as another host), absolute URLs, and any
 * whitespace or control character (browsers drop tabs and newlines, so "/\t/host" is "//host").
 */
export function safeRedirectPath(value: string | null): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value[1] === '/' || value.includes('\\')) return null;
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  try {
    return new URL(value, PLACEHOLDER_ORIGIN).origin === PLACEHOLDER_ORIGIN ? value : null;
  } catch {
    return null;
  }
}
