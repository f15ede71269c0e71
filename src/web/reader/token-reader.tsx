import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Redirect } from 'wouter';
import { paths } from '@shared/routes';
import { readerLinkApi } from '@shared/reader-link-schemas';
import { Spinner } from '@web/components/ui/spinner';
import { answer, api } from '@web/lib/api';
import { OriginalLink, ReaderArticle, ReaderColumn, ReaderFrame } from './reader-frame';
import { useReaderPreferences } from './reader-preferences';
import { ReaderToolbar } from './reader-toolbar';

/** Sign in, then back to this article (without the token: the session opens it then). */
export const signInToRead = (id: string) => `${paths.auth}?${new URLSearchParams({ redirect: `/read/${id}` })}`;

/**
 * The digest's "Read in Stash" on a device that is not signed in: the readable copy and the
 * original's link, nothing of the account. A token that does not open it (changed, for another
 * link, expired) leads to the usual sign-in, which comes back here.
 */
export function TokenReader({ id, token }: { id: string; token: string }) {
  const [preferences, change] = useReaderPreferences();
  const content = useQuery({
    queryKey: [`${readerLinkApi(id)}/content`, token],
    queryFn: () => answer(api.GET('/api/reader-links/{id}/content', { params: { path: { id }, query: { token } } })),
    retry: false,
  });
  if (content.isError) return <Redirect to={signInToRead(id)} replace />;
  return (
    <ReaderFrame theme={preferences.theme}>
      <p className="bg-muted px-4 py-3 text-center text-sm">
        <RouterLink href={signInToRead(id)} className="font-medium underline underline-offset-4">
          Sign in to see your notes and mark it read
        </RouterLink>
      </p>
      <ReaderToolbar preferences={preferences} change={change} />
      <ReaderColumn width={preferences.width}>
        {content.isPending && <Spinner label="Loading…" />}
        {content.data && <ReaderArticle content={content.data} size={preferences.size} footer={<OriginalLink url={content.data.url} />} />}
      </ReaderColumn>
    </ReaderFrame>
  );
}
