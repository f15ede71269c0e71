import { useCallback, useEffect, useState } from 'react';
import type { FixAction } from '../api/problems';
import { askWorker, type LoadAnswer } from '../messages';
import { serverLabel } from '../settings/server-url';
import { ConnectView } from './connect-view';
import { runFix } from './fix-actions';
import { pageToSave, type PageCheck } from './page-to-save';
import { ProblemNotice } from './problem-notice';
import { SaveView } from './save-view';

type Loaded = { page: PageCheck; answer: LoadAnswer };

/** The toolbar popup: reads the active tab, asks the worker about the account, and shows what fits. */
export function PopupApp() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  const load = useCallback(async () => {
    setLoaded(null);
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    const page = pageToSave(tab ?? {});
    const answer = await askWorker({ type: 'load', page: page.ok ? page.page : null });
    setLoaded({ page, answer });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <main className="popup">
      <header className="popup-header">
        <h1>Save to Stash</h1>
        {loaded && <span className="server">{serverLabel(loaded.answer.serverUrl)}</span>}
      </header>
      {loaded ? <PopupBody loaded={loaded} onFix={(action) => void runFix(action, loaded.answer.serverUrl, () => void load())} /> : <p role="status">Loading…</p>}
      <footer className="popup-footer">
        <button type="button" className="link-button" onClick={() => void chrome.runtime.openOptionsPage()}>
          Options
        </button>
      </footer>
    </main>
  );
}

function PopupBody({ loaded: { page, answer }, onFix }: { loaded: Loaded; onFix: (action: FixAction) => void }) {
  if (answer.status === 'notConnected') return <ConnectView serverUrl={answer.serverUrl} />;
  if (answer.status === 'problem') return <ProblemNotice problem={answer.problem} onFix={onFix} />;
  return (
    <>
      {answer.menuProblem && <ProblemNotice problem={answer.menuProblem} onFix={onFix} />}
      {page.ok ? (
        <SaveView
          page={page.page}
          serverUrl={answer.serverUrl}
          account={answer.account}
          customCategories={answer.customCategories}
          savedAt={answer.savedAt}
          onFix={onFix}
        />
      ) : (
        <p className="notice">{page.reason}</p>
      )}
    </>
  );
}
