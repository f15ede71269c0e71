import type { CurrentUser } from '@shared/auth-schemas';
import { SubscriptionSection } from '@web/billing/subscription-section';
import { InvitationsSection } from '@web/invitations/invitations-section';
import { DeleteAccountSection } from './delete-account-section';
import { HandleForm } from '@web/sharing/handle-form';
import { ProfileForm } from './profile-form';
import { SettingsSection } from './settings-section';

export function ProfileTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6">
      <SettingsSection title="Profile" description="Your name and the address your digests go to.">
        <ProfileForm user={user} />
      </SettingsSection>
      <SettingsSection
        title="Public handle"
        description="Your published categories live at /@handle/category: 3 to 30 lowercase letters, digits and hyphens."
      >
        <HandleForm user={user} />
      </SettingsSection>
      <SubscriptionSection />
      <InvitationsSection />
      <DeleteAccountSection />
    </div>
  );
}
