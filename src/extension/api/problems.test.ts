import { describe, expect, it } from 'vitest';
import { linkMessages } from '../../shared/link-messages';
import { problemFrom } from './problems';

const host = 'stash.example';

describe('problemFrom', () => {
  it('tells an unreachable server apart, naming it, with a retry', () => {
    expect(problemFrom({ type: 'unreachable' }, host)).toEqual({
      kind: 'unreachable',
      title: "Can't reach your Stash server",
      text: "stash.example did not answer. Check your internet connection, or the server address in the extension's options.",
      fix: 'retry',
    });
  });

  it('reads a 401 as signed out (the token was revoked), fixed by connecting again', () => {
    const problem = problemFrom({ type: 'http', status: 401, code: 'UNAUTHENTICATED', message: 'Unauthorized' }, host);
    expect(problem).toMatchObject({ kind: 'signedOut', title: 'You are signed out', fix: 'connect' });
  });

  it("shows the product's trial-expired text with an upgrade", () => {
    const problem = problemFrom({ type: 'http', status: 403, code: 'TRIAL_EXPIRED', message: linkMessages.trialExpired.text }, host);
    expect(problem).toEqual({ kind: 'trialExpired', title: 'Trial expired', text: linkMessages.trialExpired.text, fix: 'upgrade' });
  });

  it("shows the server's monthly-limit text with an upgrade", () => {
    const problem = problemFrom({ type: 'http', status: 403, code: 'MONTHLY_LIMIT', message: linkMessages.monthlyLimitReached }, host);
    expect(problem).toEqual({
      kind: 'limitReached',
      title: 'Monthly limit reached',
      text: linkMessages.monthlyLimitReached,
      fix: 'upgrade',
    });
  });

  it("shows a refused page with the server's reason and nothing to press", () => {
    const problem = problemFrom({ type: 'http', status: 400, code: 'VALIDATION', message: 'Please enter a valid website address' }, host);
    expect(problem).toEqual({ kind: 'notSaveable', title: "This page can't be saved", text: 'Please enter a valid website address' });
  });

  it('offers a retry for server errors and rate limits', () => {
    expect(problemFrom({ type: 'http', status: 500 }, host)).toMatchObject({
      kind: 'serverError',
      fix: 'retry',
      text: 'The server had a problem (500). Try again in a moment.',
    });
    expect(problemFrom({ type: 'http', status: 429 }, host)).toMatchObject({ kind: 'serverError', fix: 'retry' });
  });

  it('names what failed: an edit or an undo, not the save', () => {
    const tooLong = { type: 'http' as const, status: 400, code: 'VALIDATION', message: linkMessages.notesTooLong };
    expect(problemFrom(tooLong, host, 'edit')).toEqual({
      kind: 'notSaveable',
      title: 'Your changes were not saved',
      text: 'Notes must be at most 2,000 characters',
    });
    expect(problemFrom({ type: 'http', status: 404, message: 'There is no such link.' }, host, 'undo')).toEqual({
      kind: 'notSaveable',
      title: 'The link was not removed',
      text: 'There is no such link.',
    });
    expect(problemFrom({ type: 'http', status: 503 }, host, 'edit')).toMatchObject({
      title: 'Stash could not save your changes right now',
      fix: 'retry',
    });
  });

  it('gives each case its own title', () => {
    const failures = [
      { type: 'unreachable' as const },
      { type: 'http' as const, status: 401 },
      { type: 'http' as const, status: 403, code: 'TRIAL_EXPIRED' },
      { type: 'http' as const, status: 403, code: 'MONTHLY_LIMIT' },
    ];
    const titles = failures.map((failure) => problemFrom(failure, host).title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
