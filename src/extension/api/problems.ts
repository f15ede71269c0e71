import { linkMessages } from '../../shared/link-messages';
import type { Failure } from './failure';

/** What fixes a problem; the popup turns each into a button. */
export type FixAction = 'retry' | 'connect' | 'upgrade' | 'options';

export interface Problem {
  kind:
    | 'noServer'
    | 'noAccess'
    | 'unreachable'
    | 'signedOut'
    | 'trialExpired'
    | 'limitReached'
    | 'proFeature'
    | 'notSaveable'
    | 'serverError';
  title: string;
  text: string;
  /** The one thing that fixes it, when something the person can do does. */
  fix?: FixAction;
}

export const fixLabels: Record<FixAction, string> = {
  retry: 'Try again',
  connect: 'Connect again',
  upgrade: 'Upgrade to Pro',
  options: 'Open the options',
};

/** What the popup was doing when a call failed: saving the tab, saving the person's changes, or undoing the save. */
export type Attempt = 'save' | 'edit' | 'undo';

const refusedTitles: Record<Attempt, string> = {
  save: "This page can't be saved",
  edit: 'Your changes were not saved',
  undo: 'The link was not removed',
};

const serverErrorTitles: Record<Attempt, string> = {
  save: 'Stash could not save this right now',
  edit: 'Stash could not save your changes right now',
  undo: 'Stash could not remove the link right now',
};

/** The default build before its options were filled in: no server to talk to yet. */
export const noServerProblem: Problem = {
  kind: 'noServer',
  title: 'Choose your Stash server',
  text: "Enter the address of your Stash server in the extension's options, then come back here to connect.",
  fix: 'options',
};

/** The person took the extension's access to the server away (or never granted it): a message, not a call that hangs or fails blind. */
export function noAccessProblem(serverHost: string): Problem {
  return {
    kind: 'noAccess',
    title: `Stash may not reach ${serverHost}`,
    text: 'The extension has no permission to reach your Stash server. Open the options and press Save to allow it.',
    fix: 'options',
  };
}

/**
 * A failure as the popup explains it: one distinct, readable message for each case a person can
 * do something about, with the action that fixes it.
 */
export function problemFrom(failure: Failure, serverHost: string, attempt: Attempt = 'save'): Problem {
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
  if (code === 'MONTHLY_LIMIT')
    return { kind: 'limitReached', title: 'Monthly limit reached', text: message ?? linkMessages.monthlyLimitReached, fix: 'upgrade' };
  if (code === 'PRO_FEATURE') return { kind: 'proFeature', title: 'Pro feature', text: message ?? 'This needs Stash Pro.', fix: 'upgrade' };
  if (status === 400) return { kind: 'notSaveable', title: refusedTitles[attempt], text: message ?? 'Stash could not accept this page.' };
  if (status === 404 && attempt !== 'save')
    return { kind: 'notSaveable', title: refusedTitles[attempt], text: message ?? 'The link is no longer in your Stash.' };
  return {
    kind: 'serverError',
    title: serverErrorTitles[attempt],
    text:
      status === 429
        ? 'Too many requests in a short time. Wait a moment, then try again.'
        : `The server had a problem (${status}). Try again in a moment.`,
    fix: 'retry',
  };
}
