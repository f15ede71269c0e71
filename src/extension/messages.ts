import type { Link, UpdateLinkBody } from '../shared/links-schemas';
import type { Problem } from './api/problems';
import type { PageToSave } from './popup/page-to-save';

/*
 * What the popup asks the service worker, and what it answers. Only the worker calls the API:
 * it holds the token, and it outlives the popup, which closes as soon as it loses focus.
 */

/** What the signed-in account may do in the popup, decided by src/shared/permissions.ts. */
export interface AccountAbilities {
  /** Pro and trial: the 'Include in newsletter' switch. */
  canToggleNewsletter: boolean;
  canUseCustomCategories: boolean;
}

/** The tab's page in the stash: saved by this click, or found there already. */
export interface SavedPage {
  link: Link;
  justSaved: boolean;
}

/** Opening the popup saves the tab at once, unless it is saved already. */
export type OpenAnswer =
  | { status: 'noServer' }
  | { status: 'notConnected'; serverUrl: string }
  | {
      status: 'ready';
      serverUrl: string;
      account: AccountAbilities;
      customCategories: string[];
      /** null when the tab is not a page that can be saved. */
      saved: SavedPage | null;
      /** A save from the context menu that failed since the popup was last open. */
      menuProblem: Problem | null;
    }
  | { status: 'problem'; serverUrl: string | null; problem: Problem };

export type LinkAnswer = { ok: true; link: Link } | { ok: false; problem: Problem };
export type UndoAnswer = { ok: true } | { ok: false; problem: Problem };

export type PopupRequest =
  | { type: 'open'; page: PageToSave | null }
  /** The link as it is now: its card fills in once the server has read the page. */
  | { type: 'refresh'; url: string }
  | { type: 'update'; id: string; changes: UpdateLinkBody }
  | { type: 'undo'; id: string }
  | { type: 'connect' };

interface Answers {
  open: OpenAnswer;
  refresh: Link | null;
  update: LinkAnswer;
  undo: UndoAnswer;
  connect: null;
}

export function askWorker<R extends PopupRequest>(request: R): Promise<Answers[R['type']]> {
  return chrome.runtime.sendMessage(request);
}
