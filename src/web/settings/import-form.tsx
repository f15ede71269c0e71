import { useState, type FormEvent } from 'react';
import { acceptsFile, importMessages, importSourceDetails, importSources, MAX_IMPORT_BYTES, type ImportSource } from '@shared/portability';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/toasts/use-toast';
import { ImportResult } from './import-result';
import { useImportUpload, type ImportState } from './use-import-upload';

/** Settings → Import/Export: pick the service, pick its export file, import, see what happened. */
export function ImportForm() {
  const [source, setSource] = useState<ImportSource>('pocket');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const { state, start, reset } = useImportUpload();
  const busy = state.phase === 'uploading' || state.phase === 'processing';
  const details = importSourceDetails[source];

  const choose = (next: File | null) => {
    reset();
    setFile(next);
    setFileError(undefined);
    if (next && !acceptsFile(source, next.name)) {
      setFileError(details.wrongFile);
      toast({ title: importMessages.invalidFile, description: details.wrongFile, variant: 'destructive' });
    } else if (next && next.size > MAX_IMPORT_BYTES) {
      setFileError(importMessages.tooLarge);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(details.wrongFile);
    if (fileError) return;
    // A file that went away or cannot be read since it was picked fails here, not mid-upload.
    file
      .slice(0, 1)
      .arrayBuffer()
      .then(
        () => start(source, file),
        () => {
          setFileError(importMessages.readError);
          toast({ title: importMessages.readError, description: importMessages.failed.text, variant: 'destructive' });
        },
      );
  };

  return (
    <form onSubmit={submit} className="grid gap-6" aria-busy={busy || undefined}>
      <fieldset className="grid gap-3" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">Import from</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {importSources.map((id) => (
            <label
              key={id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="import-source"
                value={id}
                checked={source === id}
                onChange={() => {
                  setSource(id);
                  setFile(null);
                  setFileError(undefined);
                  reset();
                }}
                className="mt-1 accent-primary"
              />
              <span className="grid gap-1">
                <span className="text-sm font-medium">{importSourceDetails[id].label}</span>
                <span className="text-xs text-muted-foreground">{importSourceDetails[id].hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {/* A new key per source empties the file input when the source changes. */}
      <FormField
        key={source}
        label="Export file"
        type="file"
        // A file without an extension (Chrome's Bookmarks) cannot be named in `accept`: then any file may be picked.
        accept={details.accept.includes('') ? undefined : details.accept.join(',')}
        hint={`${details.accept.map((extension) => extension || 'Bookmarks').join(' or ')} files up to 50 MB. Links already in your stash are skipped; tags become categories.`}
        error={fileError}
        disabled={busy}
        onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
        className="h-auto cursor-pointer file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm"
      />

      <div>
        <PendingButton type="submit" pending={busy} pendingLabel="Importing...">
          Import
        </PendingButton>
      </div>

      <ImportProgress state={state} />
      {state.phase === 'done' && <ImportResult answer={state.answer} />}
      {state.phase === 'failed' && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
          <span className="font-medium">{importMessages.failed.title}:</span> {state.message}
        </p>
      )}
    </form>
  );
}

/** The upload's real progress, then an indeterminate bar while the server reads and inserts. */
function ImportProgress({ state }: { state: ImportState }) {
  if (state.phase !== 'uploading' && state.phase !== 'processing') return null;
  const uploading = state.phase === 'uploading';
  const label = uploading ? `Uploading… ${state.percent}%` : 'Importing your links…';
  return (
    <div className="grid gap-2">
      <Progress value={uploading ? state.percent : null} aria-label={uploading ? 'Upload progress' : 'Importing'} aria-valuetext={label} />
      <p role="status" className="text-sm text-muted-foreground">
        {label}
      </p>
    </div>
  );
}
