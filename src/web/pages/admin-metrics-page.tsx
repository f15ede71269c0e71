import { useQuery } from '@tanstack/react-query';
import { digestFigureLabels, keyFigureLabels } from '@shared/analytics-events';
import { MetricsTable } from '@web/analytics/metrics-table';
import { Page } from '@web/components/page';
import { Spinner } from '@web/components/ui/spinner';
import { answer, api } from '@web/lib/api';

/** Administrators only: the key figures, the digests and the first-party event log, counted per day. */
export function AdminMetricsPage() {
  const {
    data: metrics,
    isLoading,
    isError,
  } = useQuery({ queryKey: ['/api/admin/metrics'], queryFn: ({ signal }) => answer(api.GET('/api/admin/metrics', { signal })) });
  return (
    <Page title="Metrics">
      <p className="mt-2 text-muted-foreground">What happened on each of the last 30 days (UTC), counted by Stash itself.</p>
      {isLoading && <Spinner label="Loading metrics..." className="mt-8" />}
      {isError && <p className="mt-8 text-muted-foreground">The metrics could not be loaded. Please try again later.</p>}
      {metrics && (
        <>
          <h2 className="mt-8 text-xl font-semibold">Key figures</h2>
          <MetricsTable label="Key figures per day" days={metrics.days} counts={metrics.keyFigures} columns={keyFigureLabels} />
          <h2 className="mt-10 text-xl font-semibold">Digests</h2>
          <MetricsTable
            label="Digests by day"
            days={metrics.days}
            counts={metrics.digests}
            columns={digestFigureLabels}
            empty="No digests yet"
          />
          <h2 className="mt-10 text-xl font-semibold">Events</h2>
          <MetricsTable label="Events per day" days={metrics.days} counts={metrics.counts} />
        </>
      )}
    </Page>
  );
}
