import { Button } from '@web/components/ui/button';
import { providerStartUrl, useSignInProviders } from './use-sign-in-providers';

/**
 * "Continue with Google / GitHub / {OIDC_NAME}" above an e-mail form, for the providers this server
 * has configured (nothing at all otherwise). Plain links: the round trip is a page load, and they
 * are reached with Tab like any link. `keep` is the journey that comes back with the visitor.
 */
export function ProviderButtons({
  keep = {},
  divider = 'or with your email',
}: {
  keep?: Record<string, string | undefined>;
  divider?: string;
}) {
  const providers = useSignInProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="mb-6 grid gap-3">
      {providers.map((provider) => (
        <Button key={provider.id} variant="outline" className="w-full" asChild>
          <a href={providerStartUrl(provider.id, keep)}>Continue with {provider.name}</a>
        </Button>
      ))}
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {divider}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
