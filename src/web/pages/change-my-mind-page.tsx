import { Page } from '@web/components/page';

export function ChangeMyMindPage() {
  return <Page title="Start actually reading what you save" />;
}
