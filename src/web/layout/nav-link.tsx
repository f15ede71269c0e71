import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { track } from '@web/analytics/track';

const navItemLook =
  'items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground [&_svg]:size-4';

/**
 * A header link's classes, shown as `display` says, in the current page's colour or not. Written out
 * whole rather than merged (lib/cn.ts): the header comes with the first script, which does without
 * tailwind-merge.
 */
export function navItemClass({ display = 'inline-flex', current = false }: { display?: string; current?: boolean } = {}): string {
  return `${display} ${navItemLook} ${current ? 'text-foreground' : 'text-muted-foreground'}`;
}

/** A link to one of our pages that tells the reader (and screen readers) when it is the current one. */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [isCurrent] = useRoute(href);
  return (
    <Link
      href={href}
      onClick={() => track('navigation_click', { to: href })}
      aria-current={isCurrent ? 'page' : undefined}
      className={navItemClass({ current: isCurrent })}
    >
      {children}
    </Link>
  );
}
