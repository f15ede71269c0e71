import { CircleUser, LogOut, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { browserEndpoints, paths } from '@shared/routes';
import type { CurrentUser } from '@shared/auth-schemas';
import { track } from '@web/analytics/track';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Account menu">
          <CircleUser aria-hidden />
          <span className="hidden max-w-32 truncate lg:inline">{user.firstName || user.email}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.settings}>
            <Settings aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        {/* A full page load: the server ends the session and redirects. */}
        <DropdownMenuItem asChild>
          <a href={browserEndpoints.logout} onClick={() => track('logout')}>
            <LogOut aria-hidden />
            Sign out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
