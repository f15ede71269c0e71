import { Page } from '@web/components/page';

export function SettingsPage() {
  return <Page title="Settings" />;
}
