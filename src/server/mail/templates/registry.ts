import { accountDeleted, subscriptionCanceled, subscriptionStarted } from './account-mail';
import { categoryDigest } from './category-digest';
import { digest } from './digest';
import { emailChanged } from './email-changed';
import type { EmailTemplate } from './email-template';
import { finishSetup } from './finish-setup';
import { invitation } from './invitation';
import { referralMonth } from './referral-month';
import { resetPassword } from './reset-password';
import { sharingRemoved } from './sharing-removed';
import { signInMethodAdded } from './sign-in-method-added';
import { subscriptionConfirm } from './subscription-confirm';
import { testEmail } from './test-email';
import { trialReminder } from './trial-reminder';
import { verifyEmail } from './verify-email';

const templates = {
  test: testEmail,
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  invitation,
  digest,
  'trial-reminder': trialReminder,
  'finish-setup': finishSetup,
  'email-changed': emailChanged,
  'subscription-started': subscriptionStarted,
  'subscription-canceled': subscriptionCanceled,
  'account-deleted': accountDeleted,
  'sign-in-method-added': signInMethodAdded,
  'referral-month': referralMonth,
  'sharing-removed': sharingRemoved,
  'category-digest': categoryDigest,
  'subscription-confirm': subscriptionConfirm,
};

export type EmailTemplateName = keyof typeof templates;
export type EmailProps<Name extends EmailTemplateName> = (typeof templates)[Name] extends EmailTemplate<infer Props> ? Props : never;

/**
 * Every e-mail Stash sends, by the name the outbox stores; add a template to the list above after
 * writing its file. The mapped type lets renderEmail pick a template and its props by one name.
 */
export const emailTemplates: { [Name in EmailTemplateName]: EmailTemplate<EmailProps<Name>> } = templates;

/**
 * Templates whose messages hold no key to an account: the digest, notices, invitations. Every other
 * template (verify, reset, undo an address change, finish setting up a paid account, and any added
 * later until it is named here) counts as an account link: its tokens are redacted once SMTP took
 * it, and the dev mailbox shows it to no one but its own account (docs/security.md).
 */
const withoutAccountLinks = new Set<EmailTemplateName>([
  'test',
  'invitation',
  'digest',
  'trial-reminder',
  'subscription-started',
  'subscription-canceled',
  'account-deleted',
  'referral-month',
  'sharing-removed',
  'category-digest',
  'subscription-confirm',
]);

export const accountLinkTemplates = (Object.keys(templates) as EmailTemplateName[]).filter((name) => !withoutAccountLinks.has(name));
