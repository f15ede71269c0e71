import { useEffect, useState } from 'react';
import { useCurrentUser } from './use-current-user';

/**
 * Whether someone was already signed in when the page opened (undefined until known). Signing in
 * on the page itself does not change the answer, so /auth can send visitors who arrive signed in
 * home without cutting short its own post-login redirect.
 */
export function useSignedInOnArrival(): boolean | undefined {
  const { user, isLoading } = useCurrentUser();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean>();
  useEffect(() => {
    if (!isLoading) setSignedInOnArrival((known) => known ?? user !== null);
  }, [isLoading, user]);
  return signedInOnArrival;
}
