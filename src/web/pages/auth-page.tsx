import { Page } from '@web/components/page';

export function AuthPage() {
  return <Page title="Log in to Stash" />;
}
