import { Page } from '@web/components/page';

export function YesNoDrakePage() {
  return <Page title="Stop hoarding links. Start reading them." />;
}
