import type { CurrentUser } from '../../shared/auth-schemas';
import type { Link, SaveLinkBody, UpdateLinkBody } from '../../shared/links-schemas';
import { can } from '../../shared/permissions';
import { answer, CallFailed, type StashClient, stashClient } from '../api/stash-api';
import { noAccessProblem, noServerProblem, problemFrom, type Attempt, type Problem } from '../api/problems';
import type { AccountAbilities, LinkAnswer, OpenAnswer, SavedPage, UndoAnswer } from '../messages';
import type { PageToSave } from '../popup/page-to-save';
import { hostPermissionFor, serverLabel } from '../settings/server-url';
import { forgetToken, readSettings } from '../settings/storage';
import { takeMenuProblem } from './menu-problem';
import type { SelectionQuote } from './selection-quote';

type Connection = { ok: true; serverUrl: string; token: string } | { ok: false; answer: Exclude<OpenAnswer, { status: 'ready' }> };

/** The server and token to call with, or why there are none: no server chosen, no permission to reach it, not connected. */
async function connection(): Promise<Connection> {
  const { serverUrl, token } = await readSettings();
  if (serverUrl === null) return { ok: false, answer: { status: 'noServer' } };
  const mayReach = await chrome.permissions.contains({ origins: [hostPermissionFor(serverUrl)] });
  if (!mayReach) return { ok: false, answer: { status: 'problem', serverUrl, problem: noAccessProblem(serverLabel(serverUrl)) } };
  if (!token) return { ok: false, answer: { status: 'notConnected', serverUrl } };
  return { ok: true, serverUrl, token };
}

/** The problem of a call that could not be made at all. */
function problemOfConnection(answer: Exclude<OpenAnswer, { status: 'ready' }>): Problem {
  if (answer.status === 'noServer') return noServerProblem;
  if (answer.status === 'problem') return answer.problem;
  return problemFrom({ type: 'http', status: 401 }, serverLabel(answer.serverUrl));
}

/**
 * One click saves: the popup opens, and the tab's page is saved at once, unless it is in the
 * stash already (then the popup shows that link). Also what the popup needs to edit it: the
 * account's abilities and its categories.
 */
export async function openForPopup(page: PageToSave | null): Promise<OpenAnswer> {
  const reached = await connection();
  if (!reached.ok) return reached.answer;
  const { serverUrl, token } = reached;
  const api = stashClient(serverUrl, token);
  try {
    const [user, categories, found] = await Promise.all([
      answer(api.GET('/api/auth/user')),
      answer(api.GET('/api/categories')),
      page ? lookUp(api, page.url) : null,
    ]);
    const abilities = accountAbilities(user);
    if (!abilities.canSave)
      return {
        status: 'problem',
        serverUrl,
        problem: problemFrom({ type: 'http', status: 403, code: 'TRIAL_EXPIRED' }, serverLabel(serverUrl)),
      };
    let saved: SavedPage | null = found && { link: found, justSaved: false };
    if (page && !found) {
      const result = await answer(api.POST('/api/links', { body: { url: page.url, title: page.title } }));
      saved = { link: result.link, justSaved: !result.duplicate };
    }
    return {
      status: 'ready',
      serverUrl,
      account: { canToggleNewsletter: abilities.canToggleNewsletter, canUseCustomCategories: abilities.canUseCustomCategories },
      customCategories: categories.map((category) => category.name),
      saved,
      menuProblem: await takeMenuProblem(),
    };
  } catch (error) {
    return { status: 'problem', serverUrl, problem: await problemOf(error, serverUrl) };
  }
}

/** The link as the server has it now (its card fills in once the page is read); null when it cannot tell. */
export async function refreshLink(url: string): Promise<Link | null> {
  const reached = await connection();
  if (!reached.ok) return null;
  return lookUp(stashClient(reached.serverUrl, reached.token), url).catch(() => null);
}

/** PATCH /api/links/:id: the notes, categories and newsletter choice added after the save. */
export async function updateLink(id: string, changes: UpdateLinkBody): Promise<LinkAnswer> {
  return withConnection('edit', async (api) => ({
    ok: true,
    link: await answer(api.PATCH('/api/links/{id}', { params: { path: { id } }, body: changes })),
  }));
}

/** Undo: DELETE /api/links/:id of the link this click saved. */
export async function undoSave(id: string): Promise<UndoAnswer> {
  return withConnection('undo', async (api) => {
    await answer(api.DELETE('/api/links/{id}', { params: { path: { id } } }));
    return { ok: true };
  });
}

/** POST /api/links with the token: the context menu's save. */
export async function saveLink(body: SaveLinkBody): Promise<{ ok: true; duplicate: boolean } | { ok: false; problem: Problem }> {
  return withConnection('save', async (api) => ({
    ok: true,
    duplicate: (await answer(api.POST('/api/links', { body }))).duplicate,
  }));
}

/** The page's link (saved first when it is not in the stash) gets the quote as a highlight: POST /api/links/:id/highlights. */
export async function highlightPage(page: PageToSave, quote: SelectionQuote): Promise<{ ok: true } | { ok: false; problem: Problem }> {
  return withConnection('save', async (api) => {
    const link =
      (await lookUp(api, page.url)) ?? (await answer(api.POST('/api/links', { body: { url: page.url, title: page.title } }))).link;
    await answer(api.POST('/api/links/{id}/highlights', { params: { path: { id: link.id } }, body: quote }));
    return { ok: true as const };
  });
}

async function withConnection<T extends { ok: true }>(
  attempt: Attempt,
  call: (api: StashClient) => Promise<T>,
): Promise<T | { ok: false; problem: Problem }> {
  const reached = await connection();
  if (!reached.ok) return { ok: false, problem: problemOfConnection(reached.answer) };
  try {
    return await call(stashClient(reached.serverUrl, reached.token));
  } catch (error) {
    return { ok: false, problem: await problemOf(error, reached.serverUrl, attempt) };
  }
}

async function lookUp(api: StashClient, url: string): Promise<Link | null> {
  const { link } = await answer(api.GET('/api/links/lookup', { params: { query: { url } } }));
  return link;
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
async function problemOf(error: unknown, serverUrl: string, attempt: Attempt = 'save'): Promise<Problem> {
  if (!(error instanceof CallFailed)) throw error;
  if (error.failure.type === 'http' && error.failure.status === 401) await forgetToken();
  return problemFrom(error.failure, serverLabel(serverUrl), attempt);
}
