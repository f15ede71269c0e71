import { Page } from '@web/components/page';

export function DashboardPage() {
  return <Page title="Stash Something" />;
}
