import { isProActive, trialStatus, type TrialUser } from './trial';

/**
 * The one place where roles and tiers decide what someone may do (docs/product/plans-and-billing.md,
 * Permissions; docs/product/admin.md, Administrators). The server enforces with can(); the web app shows, locks or hides with it.
 */
export type Action =
  | 'saveLink'
  | 'createCustomCategory'
  /** A category's public page and feeds (docs/sharing.md). */
  | 'publishCategory'
  /** The addresses of a published category's subscribers, as CSV. */
  | 'exportSubscribers'
  | 'toggleNewsletterInclusion'
  /** Daily and custom digest schedules; weekly is open to everyone. */
  | 'chooseDigestSchedule'
  /** Several digest hours on one day ("multiple digests per day"). */
  | 'scheduleSeveralDigestsADay'
  | 'sendDigestNow'
  | 'viewAdmin'
  | 'manageTokens'
  | 'changePassword'
  /** Connect or disconnect an external sign-in provider, or ask for a first password. */
  | 'manageSignInMethods'
  | 'changeEmail'
  | 'deleteAccount'
  | 'manageBilling'
  /** E-mails go out in the user's name: from the web app only. */
  | 'inviteFriends';

/** 'session': signed in through the web app's cookie; 'token': an API token (extension, scripts). */
export type AuthKind = 'session' | 'token';
export type BillingMode = 'stripe' | 'local' | 'off';

export interface PermissionUser extends TrialUser {
  isAdmin: boolean;
  /** 'email' for password accounts; external-provider accounts have no password to change. */
  authProvider: string;
}

export interface PermissionContext {
  auth: AuthKind;
  billing: BillingMode;
  now?: Date;
}

/** What each tier gets; 'trialExpired' is a trial account past its end date without Pro. */
export type Tier = 'pro' | 'trial' | 'trialExpired' | 'free';

/** With billing off (self-hosted) every account is Pro. */
export function tierOf(user: TrialUser, billing: BillingMode, now: Date = new Date()): Tier {
  if (billing === 'off' || isProActive(user, now)) return 'pro';
  const trial = trialStatus(user, now);
  if (trial.isTrialActive) return 'trial';
  if (trial.isTrialExpired) return 'trialExpired';
  return 'free';
}

/**
 * An API token can do what the extension and scripts need, never what would let a stolen token
 * take the account over: no password, e-mail or billing changes, no deletion, no new tokens.
 */
const sessionOnly = new Set<Action>([
  'manageTokens',
  'changePassword',
  'manageSignInMethods',
  'changeEmail',
  'deleteAccount',
  'manageBilling',
  'inviteFriends',
]);

export function can(user: PermissionUser, action: Action, context: PermissionContext): boolean {
  if (context.auth === 'token' && sessionOnly.has(action)) return false;
  const tier = tierOf(user, context.billing, context.now);
  const paidFeatures = tier === 'pro' || tier === 'trial';
  switch (action) {
    case 'saveLink':
      // Free accounts save within their monthly allowance, which the links service counts.
      return tier !== 'trialExpired';
    case 'createCustomCategory':
    case 'publishCategory':
    case 'exportSubscribers':
    case 'toggleNewsletterInclusion':
    case 'chooseDigestSchedule':
    case 'sendDigestNow':
      return paidFeatures;
    case 'scheduleSeveralDigestsADay':
      return tier === 'pro';
    case 'viewAdmin':
      return user.isAdmin;
    case 'changePassword':
      return user.authProvider === 'email';
    case 'manageBilling':
      return context.billing !== 'off';
    case 'manageTokens':
    case 'manageSignInMethods':
    case 'changeEmail':
    case 'inviteFriends':
    case 'deleteAccount':
      return true;
  }
}
