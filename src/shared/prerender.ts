/**
 * Where a page written at build time (src/web/prerender/) names the site's own host, which only the
 * request knows: the server puts the request's host in its place (src/server/http/prerendered-pages.ts).
 */
export const SITE_HOST_PLACEHOLDER = '%STASH_SITE_HOST%';
