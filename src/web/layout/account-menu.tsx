import { BarChart3, Highlighter, History, LayoutDashboard, LogOut, Megaphone, Settings, ShieldOff, Smartphone } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'wouter';
import { browserEndpoints, paths } from '@shared/routes';
import type { CurrentUser } from '@shared/auth-schemas';
import { track } from '@web/analytics/track';
import { forgetEverythingOffline } from '@web/pwa/offline-cache';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

/** UserMenu's menu, loaded by its `trigger`'s first press (user-menu.tsx): it starts open. */
export function AccountMenu({ user, trigger }: { user: CurrentUser; trigger: ReactElement }) {
  return (
    // Not modal: a modal menu hides the page under aria-hidden while its links stay focusable there.
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className="md:hidden">
          <MenuLink href={paths.dashboard} icon={<LayoutDashboard aria-hidden />}>
            Stashboard
          </MenuLink>
          <MenuLink href={paths.history} icon={<History aria-hidden />}>
            My Stash
          </MenuLink>
          <MenuLink href={paths.highlights} icon={<Highlighter aria-hidden />}>
            Highlights
          </MenuLink>
          <MenuLink href={paths.mobileApps} icon={<Smartphone aria-hidden />}>
            Mobile Apps
          </MenuLink>
          <DropdownMenuSeparator />
        </div>
        <MenuLink href={paths.settings} icon={<Settings aria-hidden />}>
          Settings
        </MenuLink>
        {user.isAdmin && (
          <>
            <MenuLink href={paths.adminReleases} icon={<Megaphone aria-hidden />}>
              Release notes
            </MenuLink>
            <MenuLink href={paths.adminMetrics} icon={<BarChart3 aria-hidden />}>
              Metrics
            </MenuLink>
            <MenuLink href={paths.adminTakedowns} icon={<ShieldOff aria-hidden />}>
              Takedowns
            </MenuLink>
          </>
        )}
        {/* A full page load: the server ends the session and redirects. */}
        <DropdownMenuItem asChild>
          <a
            href={browserEndpoints.logout}
            onClick={() => {
              track('logout');
              forgetEverythingOffline();
            }}
          >
            <LogOut aria-hidden />
            Sign out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MenuLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenuItem asChild>
      <Link href={href}>
        {icon}
        {children}
      </Link>
    </DropdownMenuItem>
  );
}
