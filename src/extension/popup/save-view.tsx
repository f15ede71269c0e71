import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { paths } from '../../shared/routes';
import type { FixAction, Problem } from '../api/problems';
import { askWorker, type AccountAbilities } from '../messages';
import { CategoryPicker } from './category-picker';
import type { PageToSave } from './page-to-save';
import { ProblemNotice } from './problem-notice';
import { alreadySavedText, categoryChoices, emptySaveForm, saveLinkBody, toggleCategory, type SaveForm } from './save-form';

interface SaveViewProps {
  page: PageToSave;
  serverUrl: string;
  account: AccountAbilities;
  customCategories: string[];
  /** When the page was saved before, else null. */
  savedAt: string | null;
  onFix: (action: FixAction) => void;
}

type Outcome = { state: 'editing' } | { state: 'saving' } | { state: 'saved'; duplicate: boolean; savedAt: string } | { state: 'failed'; problem: Problem };

/** The form: the page, notes, categories, the newsletter switch (Pro and trial) and 'Save Link'. */
export function SaveView({ page, serverUrl, account, customCategories, savedAt, onFix }: SaveViewProps) {
  const [form, setForm] = useState<SaveForm>(emptySaveForm);
  const [categoryRefusal, setCategoryRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'editing' });

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (outcome.state === 'saving') return;
    setOutcome({ state: 'saving' });
    const body = saveLinkBody(page, form, { canToggleNewsletter: account.canToggleNewsletter, allowDuplicate: savedAt !== null });
    const answer = await askWorker({ type: 'save', body });
    setOutcome(answer.ok ? { state: 'saved', duplicate: answer.duplicate, savedAt: answer.savedAt } : { state: 'failed', problem: answer.problem });
  }

  // Enter saves, as in the rest of the form; Shift+Enter starts a new line of notes.
  function saveOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void save(event);
  }

  function toggle(name: string) {
    const result = toggleCategory(form.categories, name);
    setCategoryRefusal(result.ok ? null : `${result.title}: ${result.text}`);
    if (result.ok) setForm({ ...form, categories: result.categories });
  }

  if (outcome.state === 'saved') return <SavedNotice serverUrl={serverUrl} duplicate={outcome.duplicate} savedAt={outcome.savedAt} />;

  return (
    <form className="stack" onSubmit={(event) => void save(event)}>
      <div className="page">
        <p className="page-title">{page.title ?? page.url}</p>
        <p className="page-url">{page.url}</p>
      </div>
      {savedAt && (
        <p className="notice" role="status">
          {alreadySavedText(savedAt)}
        </p>
      )}
      <label className="field">
        <span>Notes</span>
        <textarea
          rows={2}
          placeholder="Why do you want to read this? (optional)"
          value={form.notes}
          maxLength={2000}
          onChange={(event) => setForm({ ...form, notes: event.target.value })}
          onKeyDown={saveOnEnter}
          autoFocus
        />
      </label>
      <CategoryPicker choices={categoryChoices(customCategories, account.canUseCustomCategories)} selected={form.categories} onToggle={toggle} />
      {categoryRefusal && (
        <p className="hint" role="status">
          {categoryRefusal}
        </p>
      )}
      {account.canToggleNewsletter && (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={form.includeInNewsletter}
            onChange={(event) => setForm({ ...form, includeInNewsletter: event.target.checked })}
          />
          <span>Include in newsletter</span>
        </label>
      )}
      {outcome.state === 'failed' && <ProblemNotice problem={outcome.problem} onFix={onFix} />}
      <button type="submit" className="button" disabled={outcome.state === 'saving'}>
        {outcome.state === 'saving' ? 'Saving…' : savedAt ? 'Save again' : 'Save Link'}
      </button>
    </form>
  );
}

function SavedNotice({ serverUrl, duplicate, savedAt }: { serverUrl: string; duplicate: boolean; savedAt: string }) {
  return (
    <div className="stack">
      <p className="notice notice-success" role="status">
        {duplicate ? alreadySavedText(savedAt) : 'Saved to your Stash'}
      </p>
      <a className="button button-secondary" href={serverUrl + paths.dashboard} target="_blank" rel="noreferrer">
        Open your Stashboard
      </a>
    </div>
  );
}
