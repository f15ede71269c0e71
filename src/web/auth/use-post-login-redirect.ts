import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isServerEndpoint, POST_LOGIN_REDIRECT_DELAY_MS, postLoginDestination } from './post-login-destination';

/** Leaves /auth for the post-login destination its query parameters name, after the 100 ms pause (docs/product/accounts.md). */
export function usePostLoginRedirect(params: URLSearchParams): () => void {
  const [, navigate] = useLocation();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(() => {
    const destination = postLoginDestination(params);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (isServerEndpoint(destination)) window.location.assign(destination);
      else navigate(destination, { replace: true });
    }, POST_LOGIN_REDIRECT_DELAY_MS);
  }, [params, navigate]);
}
