import { z } from 'zod';
import type { LengthRule } from './length-rule';
import { nameText, oneLineText, tokenText } from './text';
import { accountMessages, resetPasswordMessages, validationMessages as m } from './validation-messages';

/*
 * One schema per account form and answer (docs/product/accounts.md). The server validates request
 * bodies with them; the web app's forms use the same schemas, so both give the same messages.
 */

/** The length rules of the account fields, for the forms' counters. */
export const accountLengths = {
  name: { max: 100, message: m.nameTooLong },
  password: { max: 200, message: m.passwordTooLong },
  timezone: { max: 50, message: m.timezoneTooLong },
} as const satisfies Record<string, LengthRule>;

const MAX_PASSWORD = accountLengths.password.max;

/** Trimmed and lower-cased, so one address is one account whatever its case. */
export const emailField = z.string({ error: m.emailInvalid }).trim().toLowerCase().pipe(z.email(m.emailInvalid).max(254, m.emailInvalid));

const newPasswordField = (tooShort: string) => z.string({ error: tooShort }).min(8, tooShort).max(MAX_PASSWORD, m.passwordTooLong);

/** An IANA time zone name that this runtime knows (e.g. "Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timezoneField = z
  .string({ error: m.timezoneInvalid })
  .max(accountLengths.timezone.max, { error: accountLengths.timezone.message, abort: true })
  .refine(isTimeZone, m.timezoneInvalid);

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(MAX_PASSWORD, m.passwordTooLong),
});

const signUpFields = {
  firstName: nameText(m.firstNameRequired),
  lastName: nameText(m.lastNameRequired),
  email: emailField,
  password: newPasswordField(m.passwordTooShort),
  /** The browser's zone, so digests arrive at the chosen hour; UTC when absent. */
  timezone: timezoneField.optional(),
};

/** The /auth register form. The invitation code is checked only when given; tier and hasBonus belong to billing. */
export const registerBody = z.object({
  ...signUpFields,
  invitationCode: oneLineText(m.invitationCodeTooShort)
    .max(100, m.invitationCodeTooShort)
    .refine((code) => code === '' || code.length >= 6, m.invitationCodeTooShort)
    .nullish(),
  tier: z.enum(['pro']).optional(),
  hasBonus: z.boolean().optional(),
});

/** The /signup form: a free trial; `journey` is the landing variant the visitor came through. */
export const createTrialAccountBody = z.object({
  ...signUpFields,
  journey: oneLineText().max(20).optional(),
});

export const forgotPasswordBody = z.object({ email: emailField });

const resetToken = tokenText(accountMessages.invalidResetLink, 200);

export const resetTokenQuery = z.object({ token: resetToken });

/** The API takes token and password; the reset form also sends its confirmation, checked here too. */
export const resetPasswordBody = z
  .object({
    token: resetToken,
    password: newPasswordField(resetPasswordMessages.tooShort.text),
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    message: resetPasswordMessages.mismatch.text,
    path: ['confirmPassword'],
  });

export const verifyEmailQuery = z.object({
  token: tokenText(accountMessages.invalidVerificationLink, 200, m.verificationTokenRequired),
});

/** The API takes currentPassword and newPassword; the Security form also sends confirmPassword. */
export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired).max(MAX_PASSWORD, m.passwordTooLong),
    newPassword: newPasswordField(m.newPasswordTooShort),
    confirmPassword: z.string().optional(),
  })
  .superRefine((body, check) => {
    if (body.confirmPassword === undefined) return;
    if (body.confirmPassword === '') {
      check.addIssue({ code: 'custom', message: m.confirmPasswordRequired, path: ['confirmPassword'] });
    } else if (body.confirmPassword !== body.newPassword) {
      check.addIssue({ code: 'custom', message: m.newPasswordsDontMatch, path: ['confirmPassword'] });
    }
  });

export const profileBody = z.object({
  firstName: nameText(m.firstNameRequired),
  lastName: nameText(m.lastNameRequired),
  email: emailField,
  profileImageUrl: z
    .url({ protocol: /^https?$/, error: m.profileImageUrlInvalid })
    .max(2000, m.profileImageUrlInvalid)
    .nullish(),
  /** Asked only when the address changes (accounts with a password). */
  currentPassword: z.string().max(MAX_PASSWORD, m.passwordTooLong).optional(),
});

export const undoEmailChangeBody = z.object({ token: z.string().min(1).max(200) });

export const createTokenBody = z.object({
  name: nameText(m.tokenNameRequired),
});

const isoDate = z.iso.datetime();
const hour = z.number().int();

/** The signed-in person as the API shows them: never a password hash, a token or a token hash. */
export const currentUser = z.object({
  id: z.uuid(),
  email: z.string(),
  /** A new address waiting for its verification link to be opened; until then `email` stays. */
  pendingEmail: z.string().nullable(),
  username: z.string().nullable(),
  /** The public handle of /@<handle>/… pages, once chosen. */
  handle: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  authProvider: z.string(),
  accountType: z.enum(['free', 'trial', 'pro']),
  trialEndsAt: isoDate.nullable(),
  subscriptionEndsAt: isoDate.nullable(),
  /** Whether a payment-provider customer exists (the dashboard's trial badge reads it). */
  hasStripeCustomer: z.boolean(),
  emailTime: hour,
  emailFrequency: z.enum(['daily', 'weekly', 'custom', 'none']),
  emailDays: z.array(z.number().int()),
  emailHours: z.record(z.string(), z.union([hour, z.array(hour)])),
  repeatUnit: z.string(),
  repeatInterval: z.number().int(),
  timezone: z.string(),
  trackReads: z.boolean(),
  /** The digest's "From your stash" section and its weekly recap line. */
  digestFromStash: z.boolean(),
  /** "From your stash" gains a highlight of the day. */
  digestHighlight: z.boolean(),
  digestWeeklyRecap: z.boolean(),
  /** Set when the address hard-bounced or complained: no digests until the address changes (Settings → Newsletter says so). */
  mailSuppressedAt: isoDate.nullable(),
  mailSuppressedReason: z.enum(['bounce', 'complaint']).nullable(),
  onboarded: z.boolean(),
  availableInvites: z.number().int(),
  totalInvitesSent: z.number().int(),
  referralMonthsEarned: z.number().int(),
  monthlyLinksUsed: z.number().int(),
  isAdmin: z.boolean(),
  /** The server's billing mode, so can() in the browser answers as the server does. */
  billing: z.enum(['stripe', 'local', 'off']),
  createdAt: isoDate,
});

/** DELETE /api/user: the password, or the account's e-mail typed out for an account without one. */
export const deleteAccountBody = z.object({ password: z.string().max(200).optional(), email: z.string().max(254).optional() });

/** Who is signed in, answered 200 to everyone: a visitor's page asks it without an error in the browser's console. */
export const authCheckAnswer = z.object({ isAuthenticated: z.boolean(), user: currentUser.nullable() });
export const messageAnswer = z.object({ message: z.string() });
/** A changed password leaves API tokens working; the answer says how many, so the app can offer to revoke them. */
export const changePasswordAnswer = z.object({ message: z.string(), apiTokenCount: z.number().int() });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswer>;
/** stripeUrl: registration with tier=pro goes on to this checkout. */
export const signUpAnswer = z.object({ message: z.string(), userId: z.uuid(), user: currentUser, stripeUrl: z.string().optional() });
export const resetTokenAnswer = z.object({ email: z.string() });
export const resetPasswordAnswer = z.object({ message: z.string(), email: z.string() });

const apiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart; the rest is never shown again. */
  prefix: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
});
/** The answer of creating a token: the only time the whole token is ever shown. */
export const createdApiToken = apiToken.extend({ token: z.string() });
export const apiTokenList = z.array(apiToken);

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type CreateTrialAccountBody = z.infer<typeof createTrialAccountBody>;
export type SignUpAnswer = z.infer<typeof signUpAnswer>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export type ProfileBody = z.infer<typeof profileBody>;
export type CurrentUser = z.infer<typeof currentUser>;
export type AuthCheckAnswer = z.infer<typeof authCheckAnswer>;
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
export type ApiToken = z.infer<typeof apiToken>;
export type CreatedApiToken = z.infer<typeof createdApiToken>;
