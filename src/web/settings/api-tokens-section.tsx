import { useState } from 'react';
import type { CreatedApiToken } from '@shared/auth-schemas';
import { ApiTokenList } from './api-token-list';
import { CreateTokenForm } from './create-token-form';
import { NewTokenDialog } from './new-token-dialog';
import { SettingsSection } from './settings-section';

export function ApiTokensSection() {
  // Held only until its dialog closes: the server never reveals a token twice.
  const [newToken, setNewToken] = useState<CreatedApiToken | null>(null);
  return (
    <SettingsSection
      title="API tokens"
      description="Tokens let the browser extension and your own scripts save links for you. Revoke one and it stops working at once."
    >
      <div className="grid gap-6">
        <CreateTokenForm onCreated={setNewToken} />
        <ApiTokenList />
      </div>
      <NewTokenDialog token={newToken} onClose={() => setNewToken(null)} />
    </SettingsSection>
  );
}
