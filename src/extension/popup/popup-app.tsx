import { useCallback, useEffect, useState } from 'react';
import { noServerProblem, type FixAction } from '../api/problems';
import { askWorker, type OpenAnswer } from '../messages';
import { serverLabel } from '../settings/server-url';
import { ConnectView } from './connect-view';
import { runFix } from './fix-actions';
import { pageToSave, type PageCheck } from './page-to-save';
import { ProblemNotice } from './problem-notice';
import { SavedView } from './saved-view';

type Opened = { page: PageCheck; answer: OpenAnswer };

/**
 * The toolbar popup. Pressing the button saves the active tab at once (the worker does it, so a
 * popup closed mid-save loses nothing); the popup then shows the saved link, to add notes and
 * categories to or to undo, or the link already in the stash.
 */
export function PopupApp() {
  const [opened, setOpened] = useState<Opened | null>(null);

  const open = useCallback(async () => {
    setOpened(null);
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    const page = pageToSave(tab ?? {});
    const answer = await askWorker({ type: 'open', page: page.ok ? page.page : null });
    setOpened({ page, answer });
  }, []);

  useEffect(() => {
    void open();
  }, [open]);

  const serverUrl = opened && 'serverUrl' in opened.answer ? opened.answer.serverUrl : null;
  return (
    <main className="popup">
      <header className="popup-header">
        <h1>Save to Stash</h1>
        {serverUrl && <span className="server">{serverLabel(serverUrl)}</span>}
      </header>
      {opened ? (
        <PopupBody opened={opened} onFix={(action) => void runFix(action, serverUrl, () => void open())} />
      ) : (
        <p role="status">Loading…</p>
      )}
      <footer className="popup-footer">
        <button type="button" className="link-button" onClick={() => void chrome.runtime.openOptionsPage()}>
          Options
        </button>
      </footer>
    </main>
  );
}

function PopupBody({ opened: { page, answer }, onFix }: { opened: Opened; onFix: (action: FixAction) => void }) {
  if (answer.status === 'noServer') return <ProblemNotice problem={noServerProblem} onFix={onFix} />;
  if (answer.status === 'notConnected') return <ConnectView serverUrl={answer.serverUrl} />;
  if (answer.status === 'problem') return <ProblemNotice problem={answer.problem} onFix={onFix} />;
  return (
    <>
      {answer.menuProblem && <ProblemNotice problem={answer.menuProblem} onFix={onFix} />}
      {answer.saved ? (
        <SavedView
          saved={answer.saved}
          serverUrl={answer.serverUrl}
          account={answer.account}
          customCategories={answer.customCategories}
          onFix={onFix}
        />
      ) : (
        <p className="notice">{page.ok ? 'Stash could not save this page.' : page.reason}</p>
      )}
    </>
  );
}
