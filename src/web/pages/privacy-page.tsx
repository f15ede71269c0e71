import { Page } from '@web/components/page';

export function PrivacyPage() {
  return <Page title="Privacy Policy" />;
}
