import type * as Oidc from 'openid-client';
import { z } from 'zod';
import type { SignInProviderConfig } from '../config';
import type { SignInProviderId } from '../../shared/sign-in-providers';
import { MAX_NAME_LENGTH, toOneLine } from '../../shared/text';

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

/** A subject is compared, never shown: one with control characters is refused rather than altered. */
const subject = z
  .string()
  .min(1)
  .max(255)
  .refine((value) => toOneLine(value) === value, 'a subject without control characters');

const idTokenClaims = z.object({
  sub: subject,
  email: z.string().max(254).optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** An OpenID Connect provider: the verified ID token's claims (openid-client checked signature, issuer, audience and nonce). */
export function profileFromIdToken(provider: SignInProviderId, tokens: Tokens): ProviderProfile {
  const claims = idTokenClaims.parse(tokens.claims());
  const [first, ...rest] = toOneLine(claims.name ?? '').split(/\s+/);
  return {
    provider,
    subject: claims.sub,
    email: cleanEmail(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: oneLineName(claims.given_name) || oneLineName(first),
    lastName: oneLineName(claims.family_name) || oneLineName(rest.join(' ')),
  };
}

const githubUser = z.object({ id: z.number().int(), login: z.string(), name: z.string().nullable().optional() });
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/**
 * GitHub has no ID token: the user from GET /user and the address from GET /user/emails, taken only
 * when it is the primary one and GitHub has verified it (the profile's public address proves nothing).
 */
export async function profileFromGitHub(
  provider: Extract<SignInProviderConfig, { kind: 'github' }>,
  configuration: Oidc.Configuration,
  tokens: Tokens,
): Promise<ProviderProfile> {
  const oidc = await import('openid-client');
  const get = async (path: string) => {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    const response = await oidc.fetchProtectedResource(
      configuration,
      tokens.access_token,
      new URL(`${provider.apiUrl}${path}`),
      'GET',
      undefined,
      headers,
    );
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${path}`);
    return response.json() as Promise<unknown>;
  };
  const user = githubUser.parse(await get('/user'));
  const primary = githubEmails.parse(await get('/user/emails')).find((entry) => entry.primary && entry.verified);
  const [first, ...rest] = toOneLine(user.name ?? '').split(/\s+/);
  return {
    provider: 'github',
    subject: String(user.id),
    email: cleanEmail(primary?.email),
    emailVerified: primary !== undefined,
    firstName: oneLineName(first) || oneLineName(user.login),
    lastName: oneLineName(rest.join(' ')),
  };
}

/**
 * A provider's name goes where a typed one goes (greetings, invitation subjects): the same one-line
 * rules as the sign-up form's names (src/shared/text.ts), cut to the same length.
 */
function oneLineName(value: string | null | undefined): string {
  return toOneLine(toOneLine(value ?? '').slice(0, MAX_NAME_LENGTH));
}

function cleanEmail(email: string | undefined): string | null {
  const parsed = z.email().safeParse(email?.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}
