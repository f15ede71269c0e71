import { paths } from '@shared/routes';

/**
 * The bookmarklet: a bookmark whose address is a script that opens this Stash's /share page
 * with the current page's address and title, where the add-link card is filled in. It runs on
 * other sites as the person's own action, so those sites' CSP does not stop it. No spaces or
 * percent signs: browsers decode a javascript: address before running it.
 */
export function bookmarkletCode(origin: string): string {
  const sharePage = JSON.stringify(`${origin}${paths.share}?url=`);
  return `javascript:(()=>{location.href=${sharePage}+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title)})()`;
}
