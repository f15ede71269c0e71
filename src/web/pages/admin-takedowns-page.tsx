import { Page } from '@web/components/page';
import { TakedownForm } from '@web/sharing/takedown-form';

/** Administrators only (docs/product/admin.md, Administrators): the route sits behind AdminOnly. */
export function AdminTakedownsPage() {
  return (
    <Page title="Take down a public page">
      <p className="mt-2 text-muted-foreground">
        A public category page or a shared link goes away at once; its owner is mailed the reason, and a page taken down cannot be published
        again.
      </p>
      <TakedownForm />
    </Page>
  );
}
