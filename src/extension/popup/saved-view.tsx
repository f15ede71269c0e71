import { useEffect, useState } from 'react';
import { paths } from '../../shared/routes';
import type { FixAction, Problem } from '../api/problems';
import type { AccountAbilities, SavedPage } from '../messages';
import { askWorker } from '../messages';
import { alreadySavedText } from './edit-form';
import { EditLinkForm } from './edit-link-form';
import { LinkCard } from './link-card';
import { ProblemNotice } from './problem-notice';
import { useFreshLink } from './use-fresh-link';

interface SavedViewProps {
  saved: SavedPage;
  serverUrl: string;
  account: AccountAbilities;
  customCategories: string[];
  onFix: (action: FixAction) => void;
}

type Undo = { state: 'idle' } | { state: 'undoing' } | { state: 'undone' } | { state: 'failed'; problem: Problem };

/**
 * The tab's page in the stash: saved by this click ('Saved to your Stash', with Undo) or found
 * there ('Already saved on …'), its card, and the notes and categories to add.
 */
export function SavedView({ saved, serverUrl, account, customCategories, onFix }: SavedViewProps) {
  const [link, setLink] = useFreshLink(saved.link);
  const [undo, setUndo] = useState<Undo>({ state: 'idle' });
  // A live region is read out when its text changes, not when it arrives with it: filled after mounting.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  async function undoSave() {
    setUndo({ state: 'undoing' });
    const answer = await askWorker({ type: 'undo', id: link.id });
    setUndo(answer.ok ? { state: 'undone' } : { state: 'failed', problem: answer.problem });
  }

  const undone = undo.state === 'undone';
  const status = undone
    ? 'Removed from your Stash. The link you just saved is deleted.'
    : saved.justSaved
      ? 'Saved to your Stash'
      : alreadySavedText(link.createdAt);
  return (
    <div className="stack">
      <div className={`notice ${saved.justSaved ? 'notice-success' : ''} row-between`}>
        <p role="status">{mounted && status}</p>
        {saved.justSaved && !undone && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void undoSave()}
            disabled={undo.state === 'undoing'}
          >
            {undo.state === 'undoing' ? 'Undoing…' : 'Undo'}
          </button>
        )}
      </div>
      {undo.state === 'failed' && (
        <ProblemNotice problem={undo.problem} onFix={(action) => (action === 'retry' ? void undoSave() : onFix(action))} />
      )}
      {!undone && (
        <>
          <LinkCard link={link} />
          <EditLinkForm link={link} account={account} customCategories={customCategories} onSaved={setLink} onFix={onFix} />
        </>
      )}
      <a className="button button-secondary" href={serverUrl + paths.dashboard} target="_blank" rel="noreferrer">
        Open your Stashboard
      </a>
    </div>
  );
}
