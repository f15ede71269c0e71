import { Page } from '@web/components/page';

export function EmailTestPage() {
  return <Page title="Email Test" />;
}
