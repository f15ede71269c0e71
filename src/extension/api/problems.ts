import { linkMessages } from '../../shared/link-messages';
import type { Failure } from './failure';

/** What fixes a problem; the popup turns each into a button. */
export type FixAction = 'retry' | 'connect' | 'upgrade' | 'options';

export interface Problem {
  kind: 'unreachable' | 'signedOut' | 'trialExpired' | 'limitReached' | 'proFeature' | 'notSaveable' | 'serverError';
  title: string;
  text: string;
  /** The one thing that fixes it, when something the person can do does. */
  fix?: FixAction;
}

export const fixLabels: Record<FixAction, string> = {
  retry: 'Try again',
  connect: 'Connect again',
  upgrade: 'Upgrade to Pro',
  options: 'Check the server address',
};

/**
 * A failure as the popup explains it: one distinct, readable message for each case a person can
 * do something about, with the action that fixes it.
 */
export function problemFrom(failure: Failure, serverHost: string): Problem {
  if (failure.type === 'unreachable') {
    return {
      kind: 'unreachable',
      title: "Can't reach your Stash server",
      text: `${serverHost} did not answer. Check your internet connection, or the server address in the extension's options.`,
      fix: 'retry',
    };
  }
  const { status, code, message } = failure;
  if (status === 401) {
    return {
      kind: 'signedOut',
      title: 'You are signed out',
      text: "This browser's access to your Stash was revoked or has expired. Connect again to keep saving.",
      fix: 'connect',
    };
  }
  if (code === 'TRIAL_EXPIRED') return { kind: 'trialExpired', ...linkMessages.trialExpired, fix: 'upgrade' };
  if (code === 'MONTHLY_LIMIT') return { kind: 'limitReached', title: 'Monthly limit reached', text: message ?? linkMessages.monthlyLimitReached, fix: 'upgrade' };
  if (code === 'PRO_FEATURE') return { kind: 'proFeature', title: 'Pro feature', text: message ?? 'This needs Stash Pro.', fix: 'upgrade' };
  if (status === 400) return { kind: 'notSaveable', title: "This page can't be saved", text: message ?? 'Stash could not accept this page.' };
  return {
    kind: 'serverError',
    title: 'Stash could not save this right now',
    text: status === 429 ? 'Too many requests in a short time. Wait a moment, then try again.' : `The server had a problem (${status}). Try again in a moment.`,
    fix: 'retry',
  };
}
