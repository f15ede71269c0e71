import { Page } from '@web/components/page';

export function ProSignupPage() {
  return <Page title="Sign up for Stash Pro" />;
}
