import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { linkMessages } from '../../shared/link-messages';
import type { Link } from '../../shared/links-schemas';
import type { FixAction, Problem } from '../api/problems';
import { askWorker, type AccountAbilities } from '../messages';
import { CategoryPicker } from './category-picker';
import { categoryChoices, formFromLink, linkChanges, notesLength, toggleCategory, type EditForm } from './edit-form';
import { ProblemNotice } from './problem-notice';

interface EditLinkFormProps {
  link: Link;
  account: AccountAbilities;
  customCategories: string[];
  onSaved: (link: Link) => void;
  onFix: (action: FixAction) => void;
}

type Outcome = { state: 'editing' } | { state: 'saving' } | { state: 'saved'; text: string } | { state: 'failed'; problem: Problem };

/** Notes, categories and (Pro and trial) the newsletter switch, sent with PATCH /api/links/:id under the save form's rules. */
export function EditLinkForm({ link, account, customCategories, onSaved, onFix }: EditLinkFormProps) {
  const [form, setForm] = useState<EditForm>(() => formFromLink(link));
  const [categoryRefusal, setCategoryRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'editing' });
  const notesField = useRef<HTMLTextAreaElement>(null);
  const notes = notesLength(form.notes);

  function change(next: EditForm) {
    setForm(next);
    if (outcome.state !== 'saving') setOutcome({ state: 'editing' });
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (outcome.state === 'saving') return;
    // Past the limit the text stays; the person shortens it, guided by the message under the field.
    if (notes.error) return notesField.current?.focus();
    const changes = linkChanges(link, form, account.canToggleNewsletter);
    if (!changes) return setOutcome({ state: 'saved', text: linkMessages.nothingToChange });
    setOutcome({ state: 'saving' });
    const answer = await askWorker({ type: 'update', id: link.id, changes });
    if (!answer.ok) return setOutcome({ state: 'failed', problem: answer.problem });
    onSaved(answer.link);
    setOutcome({ state: 'saved', text: 'Changes saved' });
  }

  // Enter saves, as in the rest of the form; Shift+Enter starts a new line of notes.
  function saveOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void save(event);
  }

  function toggle(name: string) {
    const result = toggleCategory(form.categories, name);
    setCategoryRefusal(result.ok ? null : `${result.title}: ${result.text}`);
    if (result.ok) change({ ...form, categories: result.categories });
  }

  const described = [notes.counter && 'notes-counter', notes.error && 'notes-error'].filter(Boolean).join(' ') || undefined;
  return (
    <form className="stack" aria-label="Add notes and categories" onSubmit={(event) => void save(event)} noValidate>
      <div className="field">
        <label htmlFor="notes">Notes</label>
        <textarea
          id="notes"
          ref={notesField}
          rows={2}
          placeholder="Why do you want to read this? (optional)"
          value={form.notes}
          onChange={(event) => change({ ...form, notes: event.target.value })}
          onKeyDown={saveOnEnter}
          aria-invalid={notes.error ? true : undefined}
          aria-describedby={described}
          autoFocus
        />
        {notes.counter && (
          <p className={`counter ${notes.error ? 'counter-over' : ''}`}>
            <span id="notes-error" aria-live="polite">
              {notes.error ?? ''}
            </span>
            <span id="notes-counter">
              {notes.counter}
              <span className="visually-hidden"> characters</span>
            </span>
          </p>
        )}
      </div>
      <CategoryPicker
        choices={categoryChoices(customCategories, account.canUseCustomCategories)}
        selected={form.categories}
        onToggle={toggle}
      />
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
            aria-checked={form.includeInNewsletter}
            checked={form.includeInNewsletter}
            onChange={(event) => change({ ...form, includeInNewsletter: event.target.checked })}
          />
          <span>Include in newsletter</span>
        </label>
      )}
      {outcome.state === 'failed' && (
        <ProblemNotice problem={outcome.problem} onFix={(action) => (action === 'retry' ? void save() : onFix(action))} />
      )}
      <div className="row">
        <button type="submit" className="button" disabled={outcome.state === 'saving'}>
          {outcome.state === 'saving' ? 'Saving…' : 'Save changes'}
        </button>
        <p role="status" className="hint">
          {outcome.state === 'saved' ? outcome.text : ''}
        </p>
      </div>
    </form>
  );
}
