import { Page } from '@web/components/page';

export function HistoryPage() {
  return <Page title="My Stash" />;
}
