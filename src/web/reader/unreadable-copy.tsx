import type { Link } from '@shared/links-schemas';
import { linkNameOf } from '@shared/link-display';
import { UnreadableCopyNotice } from '@web/links/unreadable-copy-notice';
import { OriginalLink } from './reader-frame';

/** /read/:id for a link without a readable copy: says why, and links to the original. */
export function UnreadableCopy({ link }: { link: Link }) {
  const name = linkNameOf(link);
  return (
    <div className="grid gap-4 py-8">
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{name}</h1>
      {link.contentStatus === 'failed' ? (
        <p className="text-muted-foreground">
          <UnreadableCopyNotice linkId={link.id} linkName={name} />
        </p>
      ) : (
        <p className="text-muted-foreground">
          {link.contentStatus === 'pending' ? 'Stash is still reading this page.' : 'There is no readable copy of this page.'}
        </p>
      )}
      <p>
        <OriginalLink url={link.url} />
      </p>
    </div>
  );
}
