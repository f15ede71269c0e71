import type { CurrentUser } from '@shared/auth-schemas';
import { Progress } from '@web/components/ui/progress';
import { useLinkCounts } from '@web/links/link-queries';
import { formatDayInZone } from '@web/lib/zoned-time';

/** A free account's saves this month against its allowance (docs/product/plans-and-billing.md, Free plan: 50 a month). */
export function MonthlyUsage({ user }: { user: CurrentUser }) {
  const counts = useLinkCounts();
  const usage = counts.data?.monthlyUsage;
  // The server gives a limit only to plans that have one: free accounts, with billing on.
  if (!usage || usage.limit === null || user.billing === 'off') return null;
  const left = Math.max(0, usage.limit - usage.used);

  return (
    <section aria-label="Monthly usage" className="grid gap-2 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">Monthly usage</p>
        <p className="text-sm font-medium">{left} left</p>
      </div>
      <Progress value={Math.min(100, (usage.used / usage.limit) * 100)} aria-label="Links saved this month" />
      <p className="text-sm text-muted-foreground">
        {usage.used} of {usage.limit} links saved this month
        {usage.resetsAt && `; the count starts again on ${formatDayInZone(usage.resetsAt, user.timezone)}`}.
      </p>
    </section>
  );
}
