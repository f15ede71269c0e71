import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { useRefreshPage } from './use-link-mutations';

/** "Couldn't make a readable copy", with Retry: asks Stash to read the page again (the link is then pending, and this notice goes). */
export function UnreadableCopyNotice({ linkId, linkName }: { linkId: string; linkName: string }) {
  const refresh = useRefreshPage();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span>Couldn't make a readable copy</span>
      <Button
        variant="link"
        size="sm"
        className="h-auto text-xs"
        disabled={refresh.isPending || refresh.isSuccess}
        onClick={() => refresh.mutate(linkId)}
      >
        Retry<span className="sr-only"> reading {linkName}</span>
      </Button>
      {refresh.isError && <span role="alert">{serverMessage(refresh.error, 'The page could not be read again.')}</span>}
    </span>
  );
}
