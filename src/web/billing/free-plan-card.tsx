import type { ReactNode } from 'react';
import { CURRENCY } from '@shared/plans';
import { planCardClasses } from './plan-card-classes';
import { FeatureList } from './feature-list';
import { freeFeatures } from './plan-features';

/** The Free plan's card; its classes written whole (plan-card-classes.ts says why). */
export function FreePlanCard({ action }: { action: ReactNode }) {
  return (
    <div className={`${planCardClasses.frame} border-border`}>
      <div className={planCardClasses.header}>
        <h2 className={planCardClasses.title}>Free</h2>
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight">0</span>
          <span className="text-muted-foreground">{CURRENCY}</span>
        </p>
        <p className="text-sm text-muted-foreground">For a few links a week.</p>
      </div>
      <div className={planCardClasses.content}>
        <FeatureList features={freeFeatures} />
      </div>
      <div className={planCardClasses.footer}>{action}</div>
    </div>
  );
}
