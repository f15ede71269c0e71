import type { ReactNode } from 'react';
import type { PlanInterval } from '@shared/plans';
import { planCardClasses } from './plan-card-classes';
import { FeatureList } from './feature-list';
import { proFeatures } from './plan-features';
import { PlanPrice } from './plan-price';

/** The Pro plan's card, framed in the primary colour; its classes written whole, as FreePlanCard's. */
export function ProPlanCard({ interval, action }: { interval: PlanInterval; action: ReactNode }) {
  return (
    <div className={`${planCardClasses.frame} border-primary`}>
      <div className={planCardClasses.header}>
        <h2 className={planCardClasses.title}>Pro</h2>
        <PlanPrice interval={interval} />
      </div>
      <div className={planCardClasses.content}>
        <FeatureList features={proFeatures} />
      </div>
      <div className={planCardClasses.footer}>{action}</div>
    </div>
  );
}
