import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@web/auth/use-current-user';
import { BrandLink } from './brand-link';
import { SignedOutNav } from './signed-out-nav';
import { useHideOnScroll } from './use-hide-on-scroll';

/** The user menu's dropdown (Radix) comes with the signed-in app, not with a visitor's first script. */
const SignedInNav = lazy(() => import('./signed-in-nav').then((module) => ({ default: module.SignedInNav })));

export function SiteHeader() {
  const { user, isLoading } = useCurrentUser();
  const { hidden, reveal } = useHideOnScroll();
  return (
    // Keyboard users tabbing into a hidden header get it back.
    <header
      data-hidden={hidden}
      onFocus={reveal}
      className="sticky top-0 z-40 border-b border-border bg-background motion-safe:transition-transform motion-safe:duration-300 data-[hidden=true]:-translate-y-full"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <BrandLink />
        <Suspense>{!isLoading && (user ? <SignedInNav user={user} /> : <SignedOutNav />)}</Suspense>
      </div>
    </header>
  );
}
