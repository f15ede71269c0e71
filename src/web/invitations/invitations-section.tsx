import { useCurrentUser } from '@web/auth/use-current-user';
import { VerifyEmailNotice } from '@web/auth/verify-email-notice';
import { Spinner } from '@web/components/ui/spinner';
import { SettingsSection } from '@web/settings/settings-section';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { useInvitations } from './use-invitations';

/**
 * Settings: invitations left, sending one by e-mail, the ones sent, and the free months earned
 * (docs/product/invitations.md). Self-hosted (billing off) there are no free months to speak of.
 */
export function InvitationsSection() {
  const { user } = useCurrentUser();
  const invitations = useInvitations();
  const billingOn = user?.billing !== 'off';

  return (
    <SettingsSection
      title="Invitations"
      description={
        billingOn
          ? 'Invite friends to Stash. For each friend who joins, confirms their email address and saves their first link, you get a free month of Pro.'
          : 'Invite friends to Stash: they get an invitation code by e-mail.'
      }
    >
      {!invitations.data ? (
        <Spinner label="Loading your invitations..." />
      ) : (
        <div className="grid gap-6">
          {user && <VerifyEmailNotice user={user} />}
          <dl className="flex flex-wrap gap-x-10 gap-y-2">
            <div>
              <dt className="text-sm text-muted-foreground">Invitations left</dt>
              <dd className="text-2xl font-semibold">{invitations.data.availableInvites}</dd>
            </div>
            {billingOn && (
              <div>
                <dt className="text-sm text-muted-foreground">Free months earned</dt>
                <dd className="text-2xl font-semibold">{invitations.data.referralMonthsEarned}</dd>
              </div>
            )}
          </dl>
          <InviteForm />
          <InvitationList invitations={invitations.data.invitations} withRewards={billingOn} />
        </div>
      )}
    </SettingsSection>
  );
}
