import type { CurrentUser } from '@shared/auth-schemas';
import { can } from '@shared/permissions';
import { ApiTokensSection } from './api-tokens-section';
import { ChangePasswordForm } from './change-password-form';
import { SaveFromAnywhereSection } from './save-from-anywhere-section';
import { SettingsSection } from './settings-section';
import { SignInMethodsSection } from '@web/sign-in-providers/sign-in-methods-section';

const providerNames: Record<string, string> = { google: 'Google', github: 'GitHub' };

export function SecurityTab({ user }: { user: CurrentUser }) {
  const hasPassword = can(user, 'changePassword', { auth: 'session', billing: user.billing });
  const provider = providerNames[user.authProvider] ?? user.authProvider;
  return (
    <div className="grid gap-6">
      <SettingsSection title="Password">
        {hasPassword ? (
          <ChangePasswordForm email={user.email} />
        ) : (
          <p className="text-sm">
            You sign in with {provider}, so your password is managed by {provider}. Change it in your {provider} account.
          </p>
        )}
      </SettingsSection>
      <SignInMethodsSection />
      <ApiTokensSection />
      <SaveFromAnywhereSection />
    </div>
  );
}
