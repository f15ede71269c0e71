import { Page } from '@web/components/page';

export function UpgradePage() {
  return <Page title="Choose your plan" />;
}
