import { Page } from '@web/components/page';

export function MobileAppsPage() {
  return <Page title="Mobile Apps" />;
}
