import { z } from 'zod';

/*
 * Sign-in with an external provider (docs/product/accounts.md, Sign-in providers): the providers' ids, what the sign-in
 * pages and Settings → Security read, and every text the flow shows.
 */

const signInProviderIds = ['google', 'github', 'oidc'] as const;
export const signInProviderId = z.enum(signInProviderIds);
export type SignInProviderId = z.infer<typeof signInProviderId>;

/** GET /api/auth/providers: the configured providers, for the "Continue with …" buttons. */
export const signInProvidersAnswer = z.object({
  providers: z.array(z.object({ id: signInProviderId, name: z.string() })),
});
export type SignInProvidersAnswer = z.infer<typeof signInProvidersAnswer>;

/**
 * GET /api/auth/{provider}/start: the journey the visitor is on, kept across the round trip to the
 * provider (the /signup journey, the Pro offer, an invitation code, the page to return to).
 */
export const providerStartQuery = z.object({
  journey: z.string().trim().max(20).optional(),
  tier: z.enum(['pro']).optional(),
  bonus: z.enum(['true']).optional(),
  invitationCode: z.string().trim().max(100).optional(),
  redirect: z.string().max(2000).optional(),
});
export type ProviderStartQuery = z.infer<typeof providerStartQuery>;

/** POST /api/auth/{provider}/connect: where the browser goes next (the provider, or back with an error). */
export const providerConnectAnswer = z.object({ url: z.string() });

/** GET /api/auth/sign-in-methods: Settings → Security's "Sign-in methods". */
export const signInMethodsAnswer = z.object({
  hasPassword: z.boolean(),
  providers: z.array(
    z.object({
      id: signInProviderId,
      name: z.string(),
      /** The address the provider gave when connected; null when not connected. */
      connectedEmail: z.string().nullable(),
      connected: z.boolean(),
    }),
  ),
});
export type SignInMethodsAnswer = z.infer<typeof signInMethodsAnswer>;

/**
 * GET /api/auth/pending-connection: after a password login, the provider account that found this
 * address (its provider verified it), for the question "Connect … to Stash?"; null when none waits.
 */
export const pendingConnectionAnswer = z.object({
  pending: z.object({ provider: signInProviderId, providerName: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type PendingConnectionAnswer = z.infer<typeof pendingConnectionAnswer>;

/** The question after the password login; the account is named by its name and address at the provider. */
export function connectQuestion(providerName: string, account: { name: string; email: string }): string {
  return `Connect ${providerName} account ${account.name ? `${account.name} (${account.email})` : account.email} to Stash?`;
}

/** Why a provider sign-in came back to /auth (?providerError=); the texts below explain each. */
export const providerErrorCodes = [
  'cancelled',
  'unreachable',
  'failed',
  'noEmail',
  'unverifiedEmail',
  'otherProvider',
  'alreadyConnected',
] as const;
export type ProviderErrorCode = (typeof providerErrorCodes)[number];

export function providerErrorText(code: ProviderErrorCode, provider: string): { title: string; text: string } {
  switch (code) {
    case 'cancelled':
      return { title: 'Sign-in cancelled', text: `You cancelled the sign-in with ${provider}. Nothing was changed.` };
    case 'unreachable':
      return {
        title: `${provider} could not be reached`,
        text: `We could not reach ${provider}. Please try again in a moment, or use your email and password.`,
      };
    case 'failed':
      return { title: `Sign-in with ${provider} failed`, text: `${provider} did not confirm who you are. Please try again.` };
    case 'noEmail':
      return {
        title: `No verified email from ${provider}`,
        text: `${provider} did not give us a verified email address. Verify one there, or sign up with your email.`,
      };
    case 'unverifiedEmail':
      return {
        title: `${provider} has not verified your email`,
        text: `${provider} says it has not verified the email address of this account, so it cannot sign you in to Stash or make an account. Verify the address at ${provider}, then try again, or sign up with your email.`,
      };
    case 'otherProvider':
      return {
        title: 'This email already has an account',
        text: `An account with this email signs in another way. Sign in the way you did before, then connect ${provider} in Settings → Security.`,
      };
    case 'alreadyConnected':
      return {
        title: `This ${provider} account is already connected`,
        text: `That ${provider} account signs in to another Stash account.`,
      };
  }
}

export const signInProviderMessages = {
  /** docs/product/accounts.md, Passwords: Settings → Security, for an account without a password. */
  passwordsManaged: 'Passwords are managed by the provider',
  connectWithPassword: (provider: string) =>
    `An account with this email already exists. Log in with your password, then choose whether to connect ${provider}.`,
  alreadyConnected: (provider: string) => `That ${provider} account signs in to another Stash account.`,
  noPendingConnection: 'No provider account is waiting to be connected. Start again from Settings → Security.',
  notConnectedNow: 'Nothing was connected.',
  connected: (provider: string) => `${provider} is connected. You can now sign in with it.`,
  disconnected: (provider: string) => `${provider} is disconnected.`,
  lastMethod: 'This is your only way to sign in. Set a password or connect another provider first.',
  notConnected: 'This provider is not connected.',
  notConfigured: 'This sign-in provider is not set up on this server.',
  passwordLinkSent: 'We sent you an email with a link to set your password.',
  invalidState: 'This sign-in link has expired or was already used.',
  tooManyAttempts: 'Too many sign-in attempts from your network. Please wait a few minutes and try again.',
} as const;
