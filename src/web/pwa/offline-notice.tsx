import { WifiOff } from 'lucide-react';
import { useOnline } from './use-online';

/** Said on every page while offline: what is shown is from the last visit, and saving waits for a connection. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="border-b border-border bg-muted">
      <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm">
        <WifiOff aria-hidden className="size-4 shrink-0" />
        You are offline. You see your links as they were when you last loaded them; saving and changes need a connection.
      </p>
    </div>
  );
}
