import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { track } from '@web/analytics/track';
import { Button } from '@web/components/ui/button';

interface TrialLinkProps {
  /** Which call to action this is, for the start-trial-click event. */
  from: string;
  children: ReactNode;
  variant?: 'default' | 'outline';
  className?: string;
}

/** Every call to action of the public pages: a green button to /signup that records the click. */
export function TrialLink({ from, children, variant = 'default', className }: TrialLinkProps) {
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <Link href={paths.signup} onClick={() => track('start_trial_click', { from })}>
        {children}
      </Link>
    </Button>
  );
}
