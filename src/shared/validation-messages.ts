/**
 * The texts of docs/product/errors-and-limits.md (Validation messages, Toasts), word for word. Server and
 * web app both show these, so they live in one place; change a text here and both follow.
 */
export const validationMessages = {
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: 'New password must be at least 8 characters',
  confirmPasswordRequired: 'Please confirm your new password',
  newPasswordsDontMatch: "New passwords don't match",
  verificationTokenRequired: 'Verification token is required',
  invitationCodeTooShort: 'Invitation code must be at least 6 characters',
  timezoneTooLong: 'Timezone must be at most 50 characters',
  timezoneInvalid: 'Please choose a valid time zone',
  profileImageUrlInvalid: 'Please enter a valid image URL',
  tokenNameRequired: 'Token name is required',
  /** Not a product rule: a bound so nobody posts a megabyte as a password. */
  passwordTooLong: 'Password must be at most 200 characters',
  nameTooLong: 'Names must be at most 100 characters',
} as const;

/** The reset form's two toasts (title / text). The server answers with the text. */
export const resetPasswordMessages = {
  mismatch: { title: "Passwords don't match", text: 'Please make sure both passwords are the same' },
  tooShort: { title: 'Password too short', text: 'Password must be at least 8 characters long' },
} as const;

/** What the account routes answer; the web app matches some of them (e.g. 'already exists'). */
export const accountMessages = {
  emailTaken: 'An account with this email already exists. Please log in instead.',
  invalidCredentials: 'Invalid email or password',
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  invalidResetLink: 'Invalid or expired reset link',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidVerificationLink: 'Invalid verification link',
  emailVerified: 'Email verified successfully!',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  accountCreated: 'Account created. Check your email to verify your address.',
  accountDeleted: 'Account deleted',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  verifyFirst: 'Please verify your email address first: digests, test emails and invitations go only to a verified address.',
  verificationSent: 'Verification email sent. Open the link in it within 7 days.',
  alreadyVerified: 'Your email address is already verified.',
  emailInUse: 'This email address is already used by another account.',
  currentPasswordForEmail: 'Enter your current password to change your email address.',
  recentSignInForEmail: 'For your safety, log in again to change your email address.',
  emailChangeRequested: (email: string) => `We sent a link to ${email}. Your address changes when you open it.`,
  invalidUndoLink: 'Invalid or expired undo link',
  emailChangeUndone:
    'Your email address is restored, and you are signed out everywhere. If someone else may know your password, reset it now.',
} as const;

/** Deleting the account (Settings → Profile): confirmed with the password, or the e-mail for accounts without one. */
export const deletionMessages = {
  passwordRequired: 'Please enter your password to delete your account',
  wrongPassword: 'That password is not correct',
  emailMismatch: 'Please type your email address exactly as shown to delete your account',
  recentSignIn: 'For your safety, log in again to delete your account.',
} as const;
