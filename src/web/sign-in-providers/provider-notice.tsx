import { useEffect } from 'react';
import { providerErrorCodes, providerErrorText, signInProviderMessages, type ProviderErrorCode } from '@shared/sign-in-providers';
import { toast } from '@web/toasts/use-toast';
import { useProviderName } from './use-sign-in-providers';

function errorCodeOf(params: URLSearchParams): ProviderErrorCode | null {
  const code = params.get('providerError');
  return providerErrorCodes.find((known) => known === code) ?? null;
}

/**
 * What a provider round trip came back to /auth (or Settings) with: a cancel is a toast; anything
 * else, and "log in with your password to connect", stays on the card until the visitor moves on.
 */
export function ProviderNotice({ params }: { params: URLSearchParams }) {
  const code = errorCodeOf(params);
  const connect = params.get('connect');
  const name = useProviderName(params.get('provider') ?? connect);
  const cancelled = code === 'cancelled';

  useEffect(() => {
    if (!cancelled) return;
    const { title, text } = providerErrorText('cancelled', name);
    toast({ title, description: text });
  }, [cancelled, name]);

  if (code && !cancelled) {
    const { title, text } = providerErrorText(code, name);
    return (
      <div role="alert" className="mb-6 rounded-md border border-destructive/50 p-3 text-sm">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{text}</p>
      </div>
    );
  }
  if (connect) {
    return (
      <p role="status" className="mb-6 rounded-md border p-3 text-sm">
        {signInProviderMessages.connectWithPassword(name)}
      </p>
    );
  }
  return null;
}
