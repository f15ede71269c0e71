import { FREE_MONTHLY_LINKS } from '@shared/plans';
import { freePlanChoice } from '@shared/billing-messages';

export interface FaqEntry {
  question: string;
  answer: string;
  /** About plans and prices: not shown on a self-hosted install, where billing is off. */
  billingOnly?: true;
}

/** The support page's questions. The free tier's allowance comes from plans.ts, so this page cannot drift from the rules. */
export const faqEntries: FaqEntry[] = [
  {
    question: 'What is Stash?',
    answer:
      'Stash keeps the links you save during the day, with your notes and categories, and sends them back to you as your own e-mail newsletter, so you actually read them.',
  },
  {
    question: 'How does the newsletter work?',
    answer:
      'Choose daily, weekly or a custom schedule and the hour it should arrive, in your own time zone (Settings → Newsletter). Each digest holds the links you saved since the last one, grouped by category. Links you switch off with the newsletter toggle stay out of it.',
  },
  {
    question: 'What does the free plan include?',
    answer: `${FREE_MONTHLY_LINKS} links a month, a weekly digest on Fridays at 9 am, the 10 preset categories and 2 invitations for friends. Custom categories, choosing which links go in the newsletter and other schedules are Pro features.`,
    billingOnly: true,
  },
  {
    question: 'How does the free trial work?',
    answer: `Every new account gets 14 days of Pro for free, with no payment card needed. When it ends, saving links pauses until you choose: upgrade to Pro, or continue on Free (${freePlanChoice.terms}) in one click. If you upgrade during the trial, you keep its remaining days: the first charge comes when it ends.`,
    billingOnly: true,
  },
  {
    question: 'How much does Pro cost?',
    answer:
      'Pro costs 5.99 USD a month, or 59 USD a year (about 17% less). It includes unlimited links, daily and custom digests, custom categories and 20 invitations.',
    billingOnly: true,
  },
  {
    question: 'How do I save links from my browser?',
    answer:
      'Install the browser extension (the link is on this page) and sign in once. One click saves the page you are reading, with its title and address filled in for you.',
  },
  {
    question: 'Can I bring my links from Pocket?',
    answer: 'Yes. Export your links from Pocket as a CSV file, then import it in Settings → Import/Export.',
  },
  {
    question: 'How do I cancel my subscription?',
    answer:
      'In Settings → Profile, at any time. You keep Pro until the end of the period you paid for, and you can change your mind until then.',
    billingOnly: true,
  },
  {
    question: 'How do I delete my account?',
    answer: 'In Settings → Profile. It removes your links, categories and settings at once, and ends any subscription.',
  },
];
