import type { EventMetrics } from '@shared/analytics-events';

interface MetricsTableProps {
  /** What the table counts, e.g. "Events per day". */
  label: string;
  days: number;
  counts: EventMetrics['counts'];
  /** The columns in order with their headings; by default every name seen, as it is. */
  columns?: Record<string, string>;
  /** Shown instead of the table when nothing was counted; by default "Nothing in the last N days." */
  empty?: string;
}

/** Rows are days (newest first), columns the names counted; empty cells are zero. */
export function MetricsTable({ label, days: period, counts, columns, empty }: MetricsTableProps) {
  const names = columns ? Object.keys(columns) : [...new Set(counts.map((row) => row.name))].sort();
  const days = [...new Set(counts.map((row) => row.day))].sort().reverse();
  const countOf = new Map(counts.map((row) => [`${row.day} ${row.name}`, row.count]));
  const totalOf = (name: string) => counts.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0);

  if (days.length === 0) return <p className="mt-4 text-muted-foreground">{empty ?? `Nothing in the last ${period} days.`}</p>;

  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-border" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          {label}, last {period} days (UTC)
        </caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Day (UTC)
            </th>
            {names.map((name) => (
              <th key={name} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {columns?.[name] ?? name}
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
