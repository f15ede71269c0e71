import { useState } from 'react';

/** Whether the user closed something (a banner) during this browser session, and a way to close it. */
export function useSessionDismissal(key: string): [dismissed: boolean, dismiss: () => void] {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(key) === 'dismissed');
  const dismiss = () => {
    sessionStorage.setItem(key, 'dismissed');
    setDismissed(true);
  };
  return [dismissed, dismiss];
}
