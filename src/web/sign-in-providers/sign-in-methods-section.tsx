import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { signInProviderMessages, type SignInMethodsAnswer } from '@shared/sign-in-providers';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { SettingsSection } from '@web/settings/settings-section';
import { toast } from '@web/toasts/use-toast';
import { ProviderNotice } from './provider-notice';
import { useDisconnectProvider, useProviderName, useSendPasswordLink, useSignInMethods, useStartConnecting } from './use-sign-in-providers';

/** Settings → Security: the password and each provider this server offers, connected or not. */
export function SignInMethodsSection() {
  const methods = useSignInMethods();
  const params = new URLSearchParams(useSearch());
  useConnectedToast(params.get('connected'));
  if (!methods.data || methods.data.providers.length === 0) return null;
  const ways = methods.data.providers.filter((provider) => provider.connected).length + (methods.data.hasPassword ? 1 : 0);
  return (
    <SettingsSection title="Sign-in methods" description="The ways you can sign in to Stash. Your last remaining way cannot be removed.">
      <ProviderNotice params={params} />
      <ul className="grid gap-4">
        <PasswordRow hasPassword={methods.data.hasPassword} />
        {methods.data.providers.map((provider) => (
          <ProviderRow key={provider.id} provider={provider} lastWay={provider.connected && ways === 1} />
        ))}
      </ul>
    </SettingsSection>
  );
}

function PasswordRow({ hasPassword }: { hasPassword: boolean }) {
  const sendLink = useSendPasswordLink();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-medium">Email and password</p>
        <p className="text-sm text-muted-foreground">{hasPassword ? 'Set' : signInProviderMessages.passwordsManaged}</p>
      </div>
      {!hasPassword && (
        <PendingButton
          variant="outline"
          size="sm"
          pending={sendLink.isPending}
          pendingLabel="Sending..."
          onClick={() =>
            sendLink.mutate(undefined, {
              onSuccess: (answer) => toast({ title: 'Check your email', description: answer.message }),
              onError: (error) =>
                toast({ variant: 'destructive', title: 'Could not send the link', description: serverMessage(error, 'Please try again.') }),
            })
          }
        >
          Email me a link to set a password
        </PendingButton>
      )}
    </li>
  );
}

function ProviderRow({ provider, lastWay }: { provider: SignInMethodsAnswer['providers'][number]; lastWay: boolean }) {
  const disconnect = useDisconnectProvider();
  const connect = useStartConnecting();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-medium">{provider.name}</p>
        <p className="text-sm text-muted-foreground">
          {provider.connected ? `Connected${provider.connectedEmail ? ` as ${provider.connectedEmail}` : ''}` : 'Not connected'}
        </p>
        {lastWay && <p className="text-sm text-muted-foreground">{signInProviderMessages.lastMethod}</p>}
      </div>
      {provider.connected ? (
        <PendingButton
          variant="outline"
          size="sm"
          disabled={lastWay}
          pending={disconnect.isPending}
          pendingLabel="Disconnecting..."
          aria-label={`Disconnect ${provider.name}`}
          onClick={() =>
            disconnect.mutate(provider.id, {
              onSuccess: (answer) => toast({ title: answer.message }),
              onError: (error) =>
                toast({ variant: 'destructive', title: 'Could not disconnect', description: serverMessage(error, 'Please try again.') }),
            })
          }
        >
          Disconnect
        </PendingButton>
      ) : (
        <PendingButton
          variant="outline"
          size="sm"
          pending={connect.isPending || connect.isSuccess}
          pendingLabel="Connecting..."
          aria-label={`Connect ${provider.name}`}
          onClick={() =>
            connect.mutate(provider.id, {
              onError: (error) =>
                toast({ variant: 'destructive', title: 'Could not connect', description: serverMessage(error, 'Please try again.') }),
            })
          }
        >
          Connect
        </PendingButton>
      )}
    </li>
  );
}

/** Back from connecting a provider: say so once. */
function useConnectedToast(connected: string | null) {
  const name = useProviderName(connected);
  useEffect(() => {
    if (connected) toast({ title: signInProviderMessages.connected(name) });
  }, [connected, name]);
}
