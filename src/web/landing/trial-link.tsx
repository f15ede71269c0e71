import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { clickEvent } from '@web/analytics/marked-clicks';
import { buttonVariants } from '@web/components/ui/button-variants';

interface TrialLinkProps {
  /** Which call to action this is, for the start-trial-click event. */
  from: string;
  children: ReactNode;
  variant?: 'default' | 'outline';
}

/** Every call to action of the public pages: a green button to /signup that records the click. */
export function TrialLink({ from, children, variant = 'default' }: TrialLinkProps) {
  return (
    <Link href={paths.signup} className={buttonVariants({ size: 'lg', variant })} {...clickEvent('start_trial_click', { from })}>
      {children}
    </Link>
  );
}
