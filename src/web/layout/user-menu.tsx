import { BarChart3, CircleUser, History, LayoutDashboard, LogOut, Megaphone, Menu, Settings, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { browserEndpoints, paths } from '@shared/routes';
import type { CurrentUser } from '@shared/auth-schemas';
import { track } from '@web/analytics/track';
import { forgetEverythingOffline } from '@web/pwa/offline-cache';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

/** On a phone this is the whole navigation ('Menu'); wider, the account's own places. */
export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Account menu">
          <Menu aria-hidden className="md:hidden" />
          <span className="md:hidden">Menu</span>
          <CircleUser aria-hidden className="hidden md:block" />
          <span className="hidden max-w-32 truncate md:inline">{user.firstName || user.email}</span>
        </Button>
      </DropdownMenuTrigger>
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
