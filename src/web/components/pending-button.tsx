import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from './ui/button';

type PendingButtonProps = ComponentProps<typeof Button> & {
  pending: boolean;
  /** What the button says while its work runs, e.g. "Logging in...". */
  pendingLabel: string;
};

/** A button that shows a spinner and refuses clicks while its request is under way. */
export function PendingButton({ pending, pendingLabel, children, disabled, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
