import { format } from 'date-fns';
import { releaseMessages, type AdminRelease } from '@shared/releases';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { ReleaseTypeBadge } from './release-type-badge';
import { useAdminReleases, usePublishRelease } from './use-releases';

/** Releases saved without 'Publish immediately', each with the button that publishes it. */
export function DraftReleases() {
  const drafts = useAdminReleases().data?.filter((release) => !release.isPublished) ?? [];
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby="drafts-heading" className="mt-12 max-w-2xl">
      <h2 id="drafts-heading" className="text-2xl font-semibold">
        Unpublished releases
      </h2>
      <ul className="mt-4 grid gap-3">
        {drafts.map((draft) => (
          <DraftRow key={draft.id} draft={draft} />
        ))}
      </ul>
    </section>
  );
}

function DraftRow({ draft }: { draft: AdminRelease }) {
  const publish = usePublishRelease();
  const onPublish = () =>
    publish.mutate(draft.id, {
      onSuccess: () => toast({ title: releaseMessages.published.title, description: `"${draft.title}" is live on What's New.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: releaseMessages.failed.title,
          description: serverMessage(error, 'The release could not be published.'),
        }),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{draft.title}</span>
          <ReleaseTypeBadge type={draft.type} />
        </div>
        <span className="text-sm text-muted-foreground">Saved {format(new Date(draft.releaseDate), 'MMMM d, yyyy')}</span>
      </div>
      <PendingButton
        variant="outline"
        pending={publish.isPending}
        pendingLabel="Publishing..."
        onClick={onPublish}
        aria-label={`Publish "${draft.title}"`}
      >
        Publish
      </PendingButton>
    </li>
  );
}
