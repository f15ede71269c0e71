import { Page } from '@web/components/page';

export function UpgradeTrialPage() {
  return <Page title="Choose your plan" />;
}
