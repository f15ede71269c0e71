import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { Spinner } from '@web/components/ui/spinner';
import { useOnline } from '@web/pwa/use-online';
import { useCurrentUser } from './use-current-user';

/** Shows its page only to a signed-in user; anyone else goes to /auth and comes back after login. */
export function LoginRequired({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  const online = useOnline();

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Authenticating..." />
      </div>
    );
  }
  // Offline, nobody can log in: the page waits for the connection (the offline notice says why).
  if (!user && !online)
    return (
      <p className="mx-auto max-w-6xl px-4 py-10 text-muted-foreground">
        This page needs a connection the first time. It opens once you are back online.
      </p>
    );
  if (!user) {
    const comeBackTo = search ? `${location}?${search}` : location;
    return <Redirect to={`${paths.auth}?${new URLSearchParams({ redirect: comeBackTo })}`} replace />;
  }
  return children;
}
