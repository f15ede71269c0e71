import { Page } from '@web/components/page';

export function SignupPage() {
  return <Page title="Create Your Free Account" />;
}
