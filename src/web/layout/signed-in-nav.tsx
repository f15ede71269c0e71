import { Highlighter, History, LayoutDashboard, Smartphone } from 'lucide-react';
import { paths } from '@shared/routes';
import type { CurrentUser } from '@shared/auth-schemas';
import { ExtensionLink } from './extension-link';
import { NavLink } from './nav-link';
import { UserMenu } from './user-menu';

/** Labelled links from tablet width up; phones find the same places, named, in the menu. */
export function SignedInNav({ user }: { user: CurrentUser }) {
  return (
    <nav aria-label="Main" className="ml-auto flex min-w-0 items-center gap-1">
      <div className="hidden items-center gap-1 md:flex">
        <NavLink href={paths.dashboard}>
          <LayoutDashboard aria-hidden />
          Stashboard
        </NavLink>
        <NavLink href={paths.history}>
          <History aria-hidden />
          My Stash
        </NavLink>
        <NavLink href={paths.highlights}>
          <Highlighter aria-hidden />
          Highlights
        </NavLink>
        <NavLink href={paths.mobileApps}>
          <Smartphone aria-hidden />
          Mobile Apps
        </NavLink>
        <ExtensionLink />
      </div>
      <UserMenu user={user} />
    </nav>
  );
}
