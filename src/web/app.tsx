import { QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { AppLayout } from '@web/layout/app-layout';
import { queryClient } from '@web/lib/query-client';
import { AppRoutes } from '@web/routing/app-routes';
import { Toaster } from '@web/toasts/toaster';

/** SPEC.md section 9: tooltips open after 700 ms; moving between them within 300 ms skips the wait. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
