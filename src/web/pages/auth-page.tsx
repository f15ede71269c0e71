import { memo, useMemo } from 'react';
import { Redirect, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { AuthFlow } from '@web/auth/auth-flow';
import { useSignedInOnArrival } from '@web/auth/use-signed-in-on-arrival';
import { Spinner } from '@web/components/ui/spinner';

/**
 * Memoised: the page renders again when hydration ends and when the current user is known, each
 * time in one uninterrupted task, and the forms, which depend on neither, need not come along.
 */
const Forms = memo(AuthFlow);

/** /auth: login, register, forgot and reset password (docs/product/accounts.md, The auth page). */
export function AuthPage() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const signedInOnArrival = useSignedInOnArrival();

  if (params.get('mode') === 'signup') return <Redirect to={paths.upgrade} replace />;
  if (signedInOnArrival) return <Redirect to={paths.home} replace />;
  // Until the current user is known, the bare /auth shows the login form, as the build prerendered
  // it for a visitor (someone signed in is sent home once known). An address with a query (a form,
  // a provider's answer, a connection) waits behind a spinner, so none of it runs for someone signed in.
  if (signedInOnArrival === undefined && search) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  return <Forms params={params} />;
}
