import { useQuery } from '@tanstack/react-query';
import type { EventMetrics } from '@shared/analytics-events';
import { MetricsTable } from '@web/analytics/metrics-table';
import { Page } from '@web/components/page';
import { Spinner } from '@web/components/ui/spinner';

/** Administrators only: the first-party event log, counted per event and day. */
export function AdminMetricsPage() {
  const { data: metrics, isLoading, isError } = useQuery<EventMetrics>({ queryKey: ['/api/admin/metrics'] });
  return (
    <Page title="Metrics">
      <p className="mt-2 text-muted-foreground">Web-analytics events recorded by Stash itself over the last 30 days.</p>
      {isLoading && <Spinner label="Loading metrics..." className="mt-8" />}
      {isError && <p className="mt-8 text-muted-foreground">The metrics could not be loaded. Please try again later.</p>}
      {metrics && <MetricsTable metrics={metrics} />}
    </Page>
  );
}
