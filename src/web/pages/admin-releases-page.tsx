import { Page } from '@web/components/page';

export function AdminReleasesPage() {
  return <Page title="Create a release" />;
}
