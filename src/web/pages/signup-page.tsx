import { useSearch } from 'wouter';
import { createTrialAccountBody } from '@shared/auth-schemas';
import { AuthCard } from '@web/auth/auth-card';
import { SignupForm } from '@web/auth/signup-form';
import { BrandLink } from '@web/layout/brand-link';
import { ProviderButtons } from '@web/sign-in-providers/provider-buttons';

/** docs/product/accounts.md, Sign-up: visitors who arrive without a journey are on journey b. */
const DEFAULT_JOURNEY = 'b';

function journeyFrom(search: string): string {
  const journey = createTrialAccountBody.shape.journey.safeParse(new URLSearchParams(search).get('journey') ?? undefined);
  return journey.data || DEFAULT_JOURNEY;
}

/** /signup: the free-trial form, full screen without the site's header and footer. */
export function SignupPage() {
  const search = useSearch();
  return (
    <div className="flex flex-col items-center pt-10">
      <BrandLink />
      <AuthCard title="Create Your Free Account" description="Try every Pro feature free for 14 days. No card needed.">
        <ProviderButtons keep={{ journey: journeyFrom(search) }} />
        <SignupForm journey={journeyFrom(search)} />
      </AuthCard>
    </div>
  );
}
