import { Page } from '@web/components/page';

export function SupportPage() {
  return <Page title="Support" />;
}
