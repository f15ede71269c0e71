import { QueryClientProvider } from '@tanstack/react-query';
import { AppLayout } from '@web/layout/app-layout';
import { queryClient } from '@web/lib/query-client';
import { AppRoutes } from '@web/routing/app-routes';
import { LazyToaster } from '@web/toasts/lazy-toaster';

/** Tooltips have a provider per group (ui/tooltip.tsx's TooltipScope), so none is needed here. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
      <LazyToaster />
    </QueryClientProvider>
  );
}
