import { Page } from '@web/components/page';

export function PricingPage() {
  return <Page title="Pricing" />;
}
