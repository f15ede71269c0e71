import { Page } from '@web/components/page';
import { CreateReleaseForm } from '@web/releases/create-release-form';
import { DraftReleases } from '@web/releases/draft-releases';

/** Administrators only (docs/product/admin.md, Administrators): the route sits behind AdminOnly. */
export function AdminReleasesPage() {
  return (
    <Page title="Create a release">
      <p className="mt-2 text-muted-foreground">Published releases appear on What's New.</p>
      <CreateReleaseForm />
      <DraftReleases />
    </Page>
  );
}
