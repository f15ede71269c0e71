import { isShown, SaveByEmail } from '@web/inbound-mail/save-by-email-section';
import { useInboundMail } from '@web/inbound-mail/use-inbound-mail';
import { SettingsSection } from './settings-section';

/** Settings → Import/Export: the save-by-e-mail address and the mails it received; absent when the server has it off. */
export function SaveByEmailSettings() {
  const inbound = useInboundMail();
  if (!isShown(inbound)) return null;
  return (
    <SettingsSection title="Save by e-mail">
      <SaveByEmail showReceived />
    </SettingsSection>
  );
}
