import { Page } from '@web/components/page';
import { PrivacyPolicy } from '@web/privacy/privacy-policy';

/** The policy's date changes only when its text does. */
const LAST_UPDATED = { iso: '2025-05-30', text: 'May 30, 2025' };

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <p className="mt-2 text-muted-foreground">
        Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.text}</time>
      </p>
      <PrivacyPolicy />
    </Page>
  );
}
