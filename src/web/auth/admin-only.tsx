import type { ReactNode } from 'react';
import { NotFoundPage } from '@web/pages/not-found-page';
import { useCurrentUser } from './use-current-user';

/** docs/product/admin.md, Administrators: to anyone but an administrator, admin pages do not exist. Use inside LoginRequired. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return user?.isAdmin ? children : <NotFoundPage />;
}
