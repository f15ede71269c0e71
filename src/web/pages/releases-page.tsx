import { Page } from '@web/components/page';
import { ReleaseList } from '@web/releases/release-list';

export function ReleasesPage() {
  return (
    <Page title="What's New">
      <ReleaseList />
    </Page>
  );
}
