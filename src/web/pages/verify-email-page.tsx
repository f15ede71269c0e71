import { Page } from '@web/components/page';

export function VerifyEmailPage() {
  return <Page title="Email verification" />;
}
