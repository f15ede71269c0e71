import type { DigestPreviewAnswer } from '@shared/digest-schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { nextDigestText } from './next-digest-time';
import { useDigestPreview } from './use-digest';

/** Links in the preview open in a new tab, never inside the frame. */
function withLinksInNewTabs(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

/** The next digest exactly as it will be sent (GET /api/digest/preview), and when it goes. */
export function DigestPreview({ timeZone }: { timeZone: string }) {
  const preview = useDigestPreview();
  if (preview.isPending) return <Spinner label="Loading your next digest..." />;
  if (preview.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p>The preview of your next digest could not be loaded.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => preview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <PreviewContent preview={preview.data} timeZone={timeZone} />;
}

function PreviewContent({ preview, timeZone }: { preview: DigestPreviewAnswer; timeZone: string }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {preview.nextSendAt ? (
          <>
            Next digest: <strong>{nextDigestText(preview.nextSendAt, timeZone)}</strong>
          </>
        ) : (
          'No digest is scheduled.'
        )}
      </p>
      {preview.html === null ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          Nothing to send yet: no new links for your newsletter since your last digest. A digest with nothing in it is never sent.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Subject</dt>
            <dd>{preview.subject}</dd>
            <dt className="text-muted-foreground">Links</dt>
            <dd>{preview.linkCount}</dd>
          </dl>
          <iframe
            title="Preview of your next digest"
            // An origin of its own (no allow-same-origin); the page's CSP, which it inherits, runs none of its scripts.
            sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
            srcDoc={withLinksInNewTabs(preview.html)}
            className="h-[36rem] w-full rounded-md border border-border bg-white"
          />
          {preview.text && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Plain-text version</summary>
              <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">{preview.text}</pre>
            </details>
          )}
        </>
      )}
    </div>
  );
}
