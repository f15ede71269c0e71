import { planPriceText, type PlanInterval } from '@shared/plans';
import { FeatureList } from './feature-list';

/** The paid trial's terms on /setup-account (docs/product/plans-and-billing.md, Setup account). */
export function TrialTerms({ plan }: { plan: PlanInterval }) {
  return (
    <section aria-label="Your trial" className="rounded-lg bg-muted p-4">
      <FeatureList
        features={[
          '14 days of full Pro access',
          'No charge until your trial ends',
          'Cancel anytime from settings',
          `${planPriceText(plan)} afterwards`,
        ]}
      />
    </section>
  );
}
