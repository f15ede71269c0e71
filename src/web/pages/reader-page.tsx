import { useParams, useSearch } from 'wouter';
import { LoginRequired } from '@web/auth/login-required';
import { useCurrentUser } from '@web/auth/use-current-user';
import { Spinner } from '@web/components/ui/spinner';
import { SignedInReader } from '@web/reader/signed-in-reader';
import { TokenReader } from '@web/reader/token-reader';

/**
 * /read/:id: the link's readable copy. Signed in, the owner's full reader; signed out with the
 * digest's token (?token=…), the copy alone; otherwise the sign-in, which comes back here.
 */
export function ReaderPage() {
  const { id } = useParams<{ id: string }>();
  const token = new URLSearchParams(useSearch()).get('token');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading…" />
      </div>
    );
  }
  if (!user && token) return <TokenReader id={id} token={token} />;
  return <LoginRequired>{user && <SignedInReader id={id} user={user} />}</LoginRequired>;
}
