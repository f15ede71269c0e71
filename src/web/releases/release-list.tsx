import { format } from 'date-fns';
import { Spinner } from '@web/components/ui/spinner';
import { ReleaseTypeBadge } from './release-type-badge';
import { useReleases } from './use-releases';

/** /releases (docs/product/public-site.md, Release notes page): each published release with its type, date and description. */
export function ReleaseList() {
  const { data: releases, isLoading, isError } = useReleases();
  if (isLoading) return <Spinner label="Loading releases..." className="mt-8" />;
  if (isError) return <p className="mt-8 text-muted-foreground">The release notes could not be loaded. Please try again later.</p>;
  if (!releases?.length) return <p className="mt-8 text-muted-foreground">No releases yet</p>;

  return (
    <ol className="mt-8 grid gap-6">
      {releases.map((release) => (
        <li key={release.id}>
          <article className="rounded-lg border border-border p-6" aria-labelledby={`release-${release.id}`}>
            <div className="flex flex-wrap items-center gap-3">
              <h2 id={`release-${release.id}`} className="text-xl font-semibold">
                {release.title}
              </h2>
              <ReleaseTypeBadge type={release.type} />
              {release.version && <span className="text-sm text-muted-foreground">v{release.version.replace(/^v/i, '')}</span>}
            </div>
            <time dateTime={release.releaseDate} className="mt-1 block text-sm text-muted-foreground">
              {format(new Date(release.releaseDate), 'MMMM d, yyyy')}
            </time>
            <p className="mt-4 whitespace-pre-line">{release.description}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
