import { useCurrentUser } from '@web/auth/use-current-user';
import { Page } from '@web/components/page';
import { TestEmailForm } from '@web/email-test/test-email-form';

/** /email-test (docs/product/admin.md, Test e-mail), for signed-in users: a test e-mail, to check that mail arrives. */
export function EmailTestPage() {
  const { user } = useCurrentUser();
  return (
    <Page title="Email Test">
      <p className="mt-2 text-muted-foreground">
        For testing only: sends a short test e-mail, so you can see that mail from Stash reaches you.
      </p>
      {user && <TestEmailForm email={user.email} />}
    </Page>
  );
}
