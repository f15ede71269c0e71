import type { SignInProviderConfig } from '../config';
import type { ProviderStartQuery } from '../../shared/sign-in-providers';
import type { ProviderClients } from './clients';
import type { FlowState } from './flow-cookies';
import { profileFromGitHub, profileFromIdToken, type ProviderProfile } from './profiles';

/** GitHub's scopes: the profile and the addresses (to find the verified primary one). */
const GITHUB_SCOPE = 'read:user user:email';
const OIDC_SCOPE = 'openid email profile';

/**
 * The authorization request: code flow with PKCE (S256), a fresh state, and for OpenID Connect a
 * nonce. What the callback must check is returned for the flow cookie, never sent anywhere else.
 */
export async function startAuthorization(
  clients: ProviderClients,
  provider: SignInProviderConfig,
  redirectUri: string,
  journey: ProviderStartQuery,
  userId: string | null,
): Promise<{ url: URL; flow: Omit<FlowState, 'expiresAt'> }> {
  const configuration = await clients.configuration(provider);
  const oidc = await import('openid-client');
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: provider.kind === 'oidc' ? OIDC_SCOPE : GITHUB_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...(provider.kind === 'oidc' ? { nonce } : {}),
  });
  return { url, flow: { provider: provider.id, state, nonce, codeVerifier, journey, userId } };
}

/**
 * The callback: openid-client checks the state, exchanges the code with the PKCE verifier, and for
 * OpenID Connect verifies the ID token (signature against the provider's keys, issuer, audience,
 * expiry, nonce). Throws when anything does not check out.
 */
export async function finishAuthorization(
  clients: ProviderClients,
  provider: SignInProviderConfig,
  callbackUrl: URL,
  flow: FlowState,
): Promise<ProviderProfile> {
  const configuration = await clients.configuration(provider);
  const oidc = await import('openid-client');
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    ...(provider.kind === 'oidc' ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
  });
  return provider.kind === 'oidc' ? profileFromIdToken(provider.id, tokens) : profileFromGitHub(provider, configuration, tokens);
}
