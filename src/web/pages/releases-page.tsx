import { Page } from '@web/components/page';

export function ReleasesPage() {
  return <Page title="What's New" />;
}
