import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from './use-current-user';

/** Shows its page only to a signed-in user; anyone else goes to /auth and comes back after login. */
export function LoginRequired({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Authenticating..." />
      </div>
    );
  }
  if (!user) {
    const comeBackTo = search ? `${location}?${search}` : location;
    return <Redirect to={`${paths.auth}?${new URLSearchParams({ redirect: comeBackTo })}`} replace />;
  }
  return children;
}
