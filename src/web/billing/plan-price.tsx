import {
  ANNUAL_PER_MONTH_CENTS,
  ANNUAL_SAVINGS_CENTS,
  CURRENCY,
  formatAmount,
  PLAN_PRICE_CENTS,
  planBadges,
  type PlanInterval,
} from '@shared/plans';

/**
 * Pro's price for the chosen period: 5.99 USD a month, or 59 USD a year (4.92 a month, saves 12.88),
 * "Best Value". Marked, so the public pages' own script (islands/) swaps it for the other period's,
 * which the build rendered into the page's parts.
 */
export function PlanPrice({ interval }: { interval: PlanInterval }) {
  const annual = interval === 'annual';
  return (
    <div className="grid gap-1" data-plan-price={interval}>
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight">{formatAmount(PLAN_PRICE_CENTS[interval])}</span>
        <span className="text-muted-foreground">
          {CURRENCY} / {annual ? 'year' : 'month'}
        </span>
        {annual && (
          <span className="rounded-full border border-primary px-2 py-0.5 text-xs font-semibold text-primary">{planBadges.bestValue}</span>
        )}
      </p>
      <p className="text-sm text-muted-foreground">
        {annual
          ? `${formatAmount(ANNUAL_PER_MONTH_CENTS)} ${CURRENCY} a month, billed yearly: you save ${formatAmount(ANNUAL_SAVINGS_CENTS)} ${CURRENCY} a year.`
          : `Billed monthly: ${formatAmount(PLAN_PRICE_CENTS.monthly * 12)} ${CURRENCY} a year.`}
      </p>
    </div>
  );
}
