import type { ReactNode } from 'react';
import { NotFoundPage } from '@web/pages/not-found-page';
import { useCurrentUser } from './use-current-user';

/** PRODUCT.md decision 9: to anyone but an administrator, admin pages do not exist. Use inside LoginRequired. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return user?.isAdmin ? children : <NotFoundPage />;
}
