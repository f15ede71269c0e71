import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast, type ToastInput } from '@web/toasts/use-toast';

/**
 * Shows a toast once for a flag the payment provider put in the URL on the way back (e.g.
 * ?cancelled=true), then takes the flag out, so a reload does not show it again.
 */
export function useReturnFlagToast(flags: string[], message: ToastInput): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const present = flags.filter((flag) => params.get(flag) === 'true');

  useEffect(() => {
    if (present.length === 0) return;
    toast(message);
    for (const flag of present) params.delete(flag);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
    // Once per arrival with the flag: `present` changes only when the URL does.
  }, [present.join()]);
}
