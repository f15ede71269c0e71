import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { track } from '@web/analytics/track';
import { cn } from '@web/lib/cn';

export const navItemClass =
  'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:size-4';

/** A link to one of our pages that tells the reader (and screen readers) when it is the current one. */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [isCurrent] = useRoute(href);
  return (
    <Link href={href} onClick={() => track('navigation_click', { to: href })} aria-current={isCurrent ? 'page' : undefined} className={cn(navItemClass, isCurrent && 'text-foreground')}>
      {children}
    </Link>
  );
}
