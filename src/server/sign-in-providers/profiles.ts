import type * as Oidc from 'openid-client';
import { z } from 'zod';
import type { SignInProviderConfig } from '../config';
import type { SignInProviderId } from '../../shared/sign-in-providers';

/** Who the provider says signed in: all we keep is the subject and what makes the account (address, name). */
export interface ProviderProfile {
  provider: SignInProviderId;
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

type Tokens = Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;

const idTokenClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** An OpenID Connect provider: the verified ID token's claims (openid-client checked signature, issuer, audience and nonce). */
export function profileFromIdToken(provider: SignInProviderId, tokens: Tokens): ProviderProfile {
  const claims = idTokenClaims.parse(tokens.claims());
  const [first, ...rest] = (claims.name ?? '').trim().split(/\s+/);
  return {
    provider,
    subject: claims.sub,
    email: cleanEmail(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: claims.given_name?.trim() || first || '',
    lastName: claims.family_name?.trim() || rest.join(' '),
  };
}

const githubUser = z.object({ id: z.number().int(), login: z.string(), name: z.string().nullable().optional() });
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/**
 * GitHub has no ID token: the user from GET /user and the address from GET /user/emails, taken only
 * when it is the primary one and GitHub has verified it (the profile's public address proves nothing).
 */
export async function profileFromGitHub(provider: Extract<SignInProviderConfig, { kind: 'github' }>, configuration: Oidc.Configuration, tokens: Tokens): Promise<ProviderProfile> {
  const oidc = await import('openid-client');
  const get = async (path: string) => {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    const response = await oidc.fetchProtectedResource(configuration, tokens.access_token, new URL(`${provider.apiUrl}${path}`), 'GET', undefined, headers);
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${path}`);
    return response.json() as Promise<unknown>;
  };
  const user = githubUser.parse(await get('/user'));
  const primary = githubEmails.parse(await get('/user/emails')).find((entry) => entry.primary && entry.verified);
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/);
  return {
    provider: 'github',
    subject: String(user.id),
    email: cleanEmail(primary?.email),
    emailVerified: primary !== undefined,
    firstName: first || user.login,
    lastName: rest.join(' '),
  };
}

function cleanEmail(email: string | undefined): string | null {
  const parsed = z.email().safeParse(email?.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}
