import { Page } from '@web/components/page';

export function NotFoundPage() {
  return (
    <Page title="404 Page Not Found">
      <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
    </Page>
  );
}
