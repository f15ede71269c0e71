import type { SaveLinkBody } from '../shared/links-schemas';
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

export type LoadAnswer =
  | { status: 'notConnected'; serverUrl: string }
  | {
      status: 'ready';
      serverUrl: string;
      account: AccountAbilities;
      customCategories: string[];
      /** When this page was saved before (the newest save), else null. */
      savedAt: string | null;
      /** A save from the context menu that failed since the popup was last open. */
      menuProblem: Problem | null;
    }
  | { status: 'problem'; serverUrl: string; problem: Problem };

export type SaveAnswer = { ok: true; duplicate: boolean; savedAt: string } | { ok: false; problem: Problem };

export type PopupRequest = { type: 'load'; page: PageToSave | null } | { type: 'save'; body: SaveLinkBody } | { type: 'connect' };

type AnswerTo<R extends PopupRequest> = R extends { type: 'load' } ? LoadAnswer : R extends { type: 'save' } ? SaveAnswer : null;

export function askWorker<R extends PopupRequest>(request: R): Promise<AnswerTo<R>> {
  return chrome.runtime.sendMessage(request);
}
