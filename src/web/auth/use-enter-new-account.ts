import { useLocation } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import { paths } from '@shared/routes';
import { toast } from '@web/toasts/use-toast';

/** Where a new account goes once created: the activation tour if its session works, else the login form. */
export function useEnterNewAccount(): (user: CurrentUser | null) => void {
  const [, navigate] = useLocation();
  return (user) => {
    if (user) {
      navigate(paths.activation);
    } else {
      toast({ title: 'Account created', description: 'Please log in to start using Stash.' });
      navigate(`${paths.auth}?mode=login`);
    }
  };
}
