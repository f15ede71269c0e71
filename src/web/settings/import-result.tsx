import { Link } from 'wouter';
import type { ImportAnswer } from '@shared/portability';
import { paths } from '@shared/routes';

/** What an import did: how many links came in, were already there, or could not be read, and where. */
export function ImportResult({ answer }: { answer: ImportAnswer }) {
  const figures = [
    { label: 'Imported', value: answer.imported },
    { label: 'Already in your stash', value: answer.skipped },
    { label: 'Could not be imported', value: answer.errors },
  ];
  return (
    <section aria-labelledby="import-result-title" className="grid gap-3 rounded-md border border-border p-4">
      <h3 id="import-result-title" className="font-semibold">
        Import finished
      </h3>
      <p role="status" className="text-sm">
        {answer.message}
      </p>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-md bg-muted p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {answer.tagsNotKept && <p className="text-sm break-words">{answer.tagsNotKept.message}</p>}
      {answer.errorDetails.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">
            {answer.errors > answer.errorDetails.length
              ? `The first ${answer.errorDetails.length} rows that could not be imported`
              : 'Rows that could not be imported'}
          </h4>
          <ul aria-label="Rows that could not be imported" className="max-h-48 overflow-y-auto text-sm">
            {answer.errorDetails.map((error, i) => (
              <li key={i}>
                {error.file ? `${error.file}, line ${error.line}` : `Line ${error.line}`}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.imported > 0 && (
        <p className="text-sm">
          <Link href={paths.history} className="font-medium underline underline-offset-4">
            See them in My Stash
          </Link>
        </p>
      )}
    </section>
  );
}
