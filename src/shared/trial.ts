/** Trial rules of docs/product/plans-and-billing.md (Trial; Days left: rounded up). */
export const TRIAL_DAYS = 14;
/** At this many days left or fewer the app warns ("Don't lose your Pro features"). */
export const TRIAL_WARNING_DAYS = 7;
/** At this many days left or fewer the warning is urgent and an upgrade is needed. */
export const TRIAL_URGENT_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dates as the server holds them (Date) or as the web app receives them (ISO strings). */
type DateLike = Date | string | null;

export interface TrialUser {
  accountType: string;
  trialEndsAt: DateLike;
  subscriptionEndsAt: DateLike;
}

export interface TrialStatus {
  isTrialActive: boolean;
  isTrialExpired: boolean;
  /** Whole days left, rounded up, never below 0 (13.2 → 14). */
  daysRemaining: number;
  trialEndDate: Date | null;
  canSaveLinks: boolean;
  canReceiveEmails: boolean;
  needsUpgrade: boolean;
}

export function trialEndFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Pro is active when the account is pro and its subscription has no end or ends in the future. */
export function isProActive(user: TrialUser, now: Date = new Date()): boolean {
  if (user.accountType !== 'pro') return false;
  const end = toDate(user.subscriptionEndsAt);
  return end === null || end.getTime() > now.getTime();
}

/**
 * The derived trial status. Only trial accounts with an end date have a trial; pro and free
 * accounts (and a trial account without an end date) get no trial limits and no upgrade prompt.
 */
export function trialStatus(user: TrialUser, now: Date = new Date()): TrialStatus {
  const end = toDate(user.trialEndsAt);
  if (user.accountType !== 'trial' || end === null) {
    return {
      isTrialActive: false,
      isTrialExpired: false,
      daysRemaining: 0,
      trialEndDate: end,
      canSaveLinks: true,
      canReceiveEmails: true,
      needsUpgrade: false,
    };
  }
  const remainingMs = end.getTime() - now.getTime();
  const isTrialActive = remainingMs > 0;
  const daysRemaining = Math.max(0, Math.ceil(remainingMs / DAY_MS));
  return {
    isTrialActive,
    isTrialExpired: !isTrialActive,
    daysRemaining,
    trialEndDate: end,
    canSaveLinks: isTrialActive,
    canReceiveEmails: isTrialActive,
    needsUpgrade: !isTrialActive || daysRemaining <= TRIAL_URGENT_DAYS,
  };
}

function toDate(value: DateLike): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
