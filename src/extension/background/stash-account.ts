import type { CurrentUser } from '../../shared/auth-schemas';
import type { CategoryItem, Link, SaveLinkAnswer, SaveLinkBody } from '../../shared/links-schemas';
import { can } from '../../shared/permissions';
import { CallFailed, callStash } from '../api/stash-api';
import { problemFrom, type Problem } from '../api/problems';
import type { AccountAbilities, LoadAnswer, SaveAnswer } from '../messages';
import type { PageToSave } from '../popup/page-to-save';
import { serverLabel } from '../settings/server-url';
import { forgetToken, readSettings } from '../settings/storage';
import { takeMenuProblem } from './menu-problem';

/** What the popup needs to show its form: the account's abilities, its categories, and whether this page is saved. */
export async function loadForPopup(page: PageToSave | null): Promise<LoadAnswer> {
  const { serverUrl, token } = await readSettings();
  if (!token) return { status: 'notConnected', serverUrl };
  try {
    const [user, categories, lookup] = await Promise.all([
      callStash<CurrentUser>(serverUrl, token, 'GET', '/api/auth/user'),
      callStash<CategoryItem[]>(serverUrl, token, 'GET', '/api/categories'),
      page ? callStash<{ link: Link | null }>(serverUrl, token, 'GET', `/api/links/lookup?${new URLSearchParams({ url: page.url })}`) : { link: null },
    ]);
    const abilities = accountAbilities(user);
    if (!abilities.canSave) return { status: 'problem', serverUrl, problem: problemFrom({ type: 'http', status: 403, code: 'TRIAL_EXPIRED' }, serverLabel(serverUrl)) };
    return {
      status: 'ready',
      serverUrl,
      account: abilities,
      customCategories: categories.map((category) => category.name),
      savedAt: lookup.link?.createdAt ?? null,
      menuProblem: await takeMenuProblem(),
    };
  } catch (error) {
    return { status: 'problem', serverUrl, problem: await problemOf(error, serverUrl) };
  }
}

/** POST /api/links with the token. */
export async function saveLink(body: SaveLinkBody): Promise<SaveAnswer> {
  const { serverUrl, token } = await readSettings();
  if (!token) return { ok: false, problem: problemFrom({ type: 'http', status: 401 }, serverLabel(serverUrl)) };
  try {
    const answer = await callStash<SaveLinkAnswer>(serverUrl, token, 'POST', '/api/links', body);
    return { ok: true, duplicate: answer.duplicate, savedAt: answer.link.createdAt };
  } catch (error) {
    return { ok: false, problem: await problemOf(error, serverUrl) };
  }
}

function accountAbilities(user: CurrentUser): AccountAbilities & { canSave: boolean } {
  const context = { auth: 'token', billing: user.billing } as const;
  return {
    canSave: can(user, 'saveLink', context),
    canToggleNewsletter: can(user, 'toggleNewsletterInclusion', context),
    canUseCustomCategories: can(user, 'createCustomCategory', context),
  };
}

/** A revoked token is forgotten at once, so the popup offers Connect from now on. */
async function problemOf(error: unknown, serverUrl: string): Promise<Problem> {
  if (!(error instanceof CallFailed)) throw error;
  if (error.failure.type === 'http' && error.failure.status === 401) await forgetToken();
  return problemFrom(error.failure, serverLabel(serverUrl));
}
