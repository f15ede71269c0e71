import { History, LayoutDashboard, Smartphone } from 'lucide-react';
import { paths } from '@shared/routes';
import type { CurrentUser } from '@shared/auth-schemas';
import { ExtensionLink } from './extension-link';
import { NavLink } from './nav-link';
import { UserMenu } from './user-menu';

// Phones show the icons only; the names stay for screen readers.
const labelClass = 'sr-only md:not-sr-only';

export function SignedInNav({ user }: { user: CurrentUser }) {
  return (
    <nav aria-label="Main" className="ml-auto flex items-center gap-1">
      <NavLink href={paths.dashboard}>
        <LayoutDashboard aria-hidden />
        <span className={labelClass}>Stashboard</span>
      </NavLink>
      <NavLink href={paths.history}>
        <History aria-hidden />
        <span className={labelClass}>My Stash</span>
      </NavLink>
      <NavLink href={paths.mobileApps}>
        <Smartphone aria-hidden />
        <span className={labelClass}>Mobile Apps</span>
      </NavLink>
      <ExtensionLink labelClassName={labelClass} />
      <UserMenu user={user} />
    </nav>
  );
}
