import { Download } from 'lucide-react';
import type { ExportFormat } from '@shared/portability';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLinkCounts } from '@web/links/link-queries';

const formats: { format: ExportFormat; label: string; description: string }[] = [
  { format: 'csv', label: 'Download CSV', description: 'For spreadsheets; Stash imports it back.' },
  { format: 'json', label: 'Download JSON', description: 'Everything: notes, categories, read state, dates.' },
  { format: 'html', label: 'Download bookmarks (HTML)', description: 'For browsers and other read-later services.' },
];

function linkCountText(count: number): string {
  if (count === 0) return 'Your stash is empty: an export would hold no links yet.';
  return `${count.toLocaleString()} ${count === 1 ? 'link' : 'links'} in your stash.`;
}

/** The three exports: plain download links (the server answers with an attachment). */
export function ExportLinks() {
  const counts = useLinkCounts();
  return (
    <div className="grid gap-4">
      {counts.isPending ? (
        <Skeleton className="h-5 w-48" />
      ) : (
        <p className="text-sm text-muted-foreground">{linkCountText(counts.data?.count ?? 0)}</p>
      )}
      <ul className="grid gap-3 sm:grid-cols-3">
        {formats.map(({ format, label, description }) => (
          <li key={format} className="grid content-start gap-2">
            <Button asChild variant="outline">
              <a href={`/api/export/${format}`} download>
                <Download aria-hidden />
                {label}
              </a>
            </Button>
            <p className="text-xs text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
