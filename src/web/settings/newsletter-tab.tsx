import type { CurrentUser } from '@shared/auth-schemas';
import { VerifyEmailNotice } from '@web/auth/verify-email-notice';
import { DigestPreview } from '@web/newsletter/digest-preview';
import { MailSuppressedNotice } from '@web/newsletter/mail-suppressed-notice';
import { NewsletterSettingsForm } from '@web/newsletter/newsletter-settings-form';
import { SendNowButton } from '@web/newsletter/send-now-button';
import { SettingsSection } from './settings-section';

export function NewsletterTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6">
      <VerifyEmailNotice user={user} />
      {user.mailSuppressedAt && <MailSuppressedNotice reason={user.mailSuppressedReason} />}
      <SettingsSection
        title="Newsletter"
        description="How often your digest of saved links arrives, and when. Every time is in your time zone."
      >
        <NewsletterSettingsForm user={user} />
      </SettingsSection>
      <SettingsSection
        title="Your next digest"
        description="Exactly as it will be sent, with the links saved for your newsletter since the last one."
      >
        <div className="grid gap-6">
          <SendNowButton user={user} />
          <DigestPreview timeZone={user.timezone} />
        </div>
      </SettingsSection>
    </div>
  );
}
