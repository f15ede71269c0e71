import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The Toaster, loaded with the first toast: Radix's toast code stays out of the first script, and
 * a page that never shows a toast (the landing page) never loads it. Toasts stay in the list once
 * raised (closed ones until pushed out), so it stays mounted from then on.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense>
      <Toaster />
    </Suspense>
  );
}
