import type * as Oidc from 'openid-client';
import type { SignInProviderConfig } from '../config';

/** Seconds a provider has to answer one request before it counts as unreachable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider did not answer (network, timeout, its discovery document): the user is told which one. */
class ProviderUnreachable extends Error {}

/**
 * The openid-client configuration of each provider. Google and the generic provider are read from
 * their discovery document once (a failed discovery is tried again on the next sign-in); GitHub
 * speaks plain OAuth 2.0 at fixed endpoints. Plain http is allowed only for an address configured
 * as http (a local provider in tests or on a private network).
 */
export class ProviderClients {
  private readonly discovered = new Map<string, Promise<Oidc.Configuration>>();

  configuration(provider: SignInProviderConfig): Promise<Oidc.Configuration> {
    let configuration = this.discovered.get(provider.id);
    if (!configuration) {
      configuration = build(provider).catch((error: unknown) => {
        this.discovered.delete(provider.id);
        throw new ProviderUnreachable(`${provider.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      });
      this.discovered.set(provider.id, configuration);
    }
    return configuration;
  }
}

async function build(provider: SignInProviderConfig): Promise<Oidc.Configuration> {
  // Loaded by the first sign-in through a provider, not by every server that offers none.
  const oidc = await import('openid-client');
  if (provider.kind === 'oidc') {
    const issuer = new URL(provider.issuerUrl);
    return oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
  }
  const configuration = new oidc.Configuration(
    {
      issuer: provider.baseUrl,
      authorization_endpoint: `${provider.baseUrl}/login/oauth/authorize`,
      token_endpoint: `${provider.baseUrl}/login/oauth/access_token`,
    },
    provider.clientId,
    undefined,
    // GitHub documents the client secret as a parameter of the token request.
    oidc.ClientSecretPost(provider.clientSecret),
  );
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (provider.baseUrl.startsWith('http:') || provider.apiUrl.startsWith('http:')) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** A failure to reach the provider at all, as opposed to an answer that does not check out. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ProviderUnreachable || error instanceof TypeError) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
