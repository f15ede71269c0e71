import { useMemo } from 'react';
import { Redirect, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { AuthFlow } from '@web/auth/auth-flow';
import { useSignedInOnArrival } from '@web/auth/use-signed-in-on-arrival';
import { Spinner } from '@web/components/ui/spinner';

/** /auth: login, register, forgot and reset password (SPEC.md section 2). */
export function AuthPage() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const signedInOnArrival = useSignedInOnArrival();

  if (params.get('mode') === 'signup') return <Redirect to={paths.upgrade} replace />;
  if (signedInOnArrival === undefined) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (signedInOnArrival) return <Redirect to={paths.home} replace />;
  return <AuthFlow params={params} />;
}
