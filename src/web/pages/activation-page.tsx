import { Page } from '@web/components/page';

export function ActivationPage() {
  return <Page title="Welcome to Stash" />;
}
