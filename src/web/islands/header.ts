import { isHeaderHidden } from '@web/layout/header-visibility';
import { runTooltips } from './tooltips';

/**
 * The site header of a public page, signed out: the navigation the app shows a visitor (the build
 * rendered it into the page's parts, as SignedOutNav) put in, and the header hidden on scrolling
 * down and shown on scrolling up or on focus, as useHideOnScroll does in the app, with its tooltips.
 */
export function runHeader(parts: DocumentFragment): void {
  const header = document.querySelector<HTMLElement>('body > #root header');
  const nav = parts.querySelector('[data-part="signed-out-nav"] > nav');
  if (!header || !nav) return;
  // Read before the navigation goes in: after, reading it would lay the whole page out at once.
  let lastY = window.scrollY;
  let hidden = false;
  const navigation = nav.cloneNode(true) as HTMLElement;
  header.firstElementChild?.append(navigation);
  runTooltips(navigation);

  const show = (hide: boolean) => {
    hidden = hide;
    header.dataset.hidden = String(hide);
  };
  window.addEventListener(
    'scroll',
    () => {
      const previousY = lastY;
      lastY = window.scrollY;
      show(isHeaderHidden(previousY, lastY, hidden));
    },
    { passive: true },
  );
  header.addEventListener('focusin', () => show(false));
}
