import { planBadges, type PlanInterval } from '@shared/plans';

interface PlanIntervalToggleProps {
  value: PlanInterval;
  onChange: (interval: PlanInterval) => void;
}

const options: { interval: PlanInterval; label: string }[] = [
  { interval: 'monthly', label: 'Monthly' },
  { interval: 'annual', label: 'Annual' },
];

/** Monthly or annual (docs/product/plans-and-billing.md, Prices): two radio buttons in one pill; annual carries "Save 17%". */
export function PlanIntervalToggle({ value, onChange }: PlanIntervalToggleProps) {
  return (
    <div role="radiogroup" aria-label="Billing period" className="inline-flex rounded-full border border-border bg-muted p-1">
      {options.map(({ interval, label }) => (
        <button
          key={interval}
          type="button"
          role="radio"
          aria-checked={value === interval}
          onClick={() => onChange(interval)}
          data-interval={interval}
          // The look follows aria-checked alone, so the public pages' own script (islands/) switches it by that attribute.
          className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors not-aria-checked:text-muted-foreground not-aria-checked:hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-checked:bg-background aria-checked:text-foreground aria-checked:shadow-sm"
        >
          {label}
          {interval === 'annual' && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">{planBadges.save}</span>
          )}
        </button>
      ))}
    </div>
  );
}
