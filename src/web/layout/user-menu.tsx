import { CircleUser, Menu } from 'lucide-react';
import { cloneElement } from 'react';
import type { CurrentUser } from '@shared/auth-schemas';
import { Button } from '@web/components/ui/button';
import { useOnDemand } from '@web/components/use-on-demand';

const importMenu = () => import('./account-menu').then(({ AccountMenu }) => AccountMenu);

/**
 * On a phone this is the whole navigation ('Menu'); wider, the account's own places. The menu
 * (Radix's, with its positioning library) loads when the button is first pressed, and opens then.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [AccountMenu, load] = useOnDemand(importMenu);
  const button = (
    // Its name holds the words it shows (WCAG 2.5.3): "Account Menu" on a phone, "Pat, account menu" wider.
    <Button variant="ghost" size="sm" aria-haspopup="menu">
      <Menu aria-hidden className="md:hidden" />
      <span className="md:hidden">
        <span className="sr-only">Account </span>Menu
      </span>
      <CircleUser aria-hidden className="hidden md:block" />
      <span className="hidden max-w-32 truncate md:inline">
        {user.firstName || user.email}
        <span className="sr-only">, account menu</span>
      </span>
    </Button>
  );
  if (AccountMenu) return <AccountMenu user={user} trigger={button} />;
  return cloneElement(button, { onClick: load });
}
