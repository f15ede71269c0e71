import type { EventMetrics } from '@shared/analytics-events';

/** Rows are days (newest first), columns the events seen in the period; empty cells are zero. */
export function MetricsTable({ metrics }: { metrics: EventMetrics }) {
  const names = [...new Set(metrics.counts.map((row) => row.name))].sort();
  const days = [...new Set(metrics.counts.map((row) => row.day))];
  const countOf = new Map(metrics.counts.map((row) => [`${row.day} ${row.name}`, row.count]));
  const totalOf = (name: string) => metrics.counts.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0);

  if (names.length === 0) return <p className="mt-8 text-muted-foreground">No events in the last {metrics.days} days.</p>;

  return (
    <div className="mt-8 overflow-x-auto rounded-lg border border-border" tabIndex={0} role="region" aria-label="Events per day">
      <table className="w-full text-sm">
        <caption className="sr-only">Events per day, last {metrics.days} days (UTC)</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Day (UTC)
            </th>
            {names.map((name) => (
              <th key={name} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                {day}
              </th>
              {names.map((name) => (
                <td key={name} className="px-3 py-2 text-right tabular-nums">
                  {countOf.get(`${day} ${name}`) ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            {names.map((name) => (
              <td key={name} className="px-3 py-2 text-right tabular-nums">
                {totalOf(name)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
