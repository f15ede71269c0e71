import { Page } from '@web/components/page';

export function SetupAccountPage() {
  return <Page title="Set up your account" />;
}
