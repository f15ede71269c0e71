import type { VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonVariants } from './ui/button-variants';

type PendingButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    pending: boolean;
    /** What the button says while its work runs, e.g. "Logging in...". */
    pendingLabel: string;
  };

/**
 * A button that shows a spinner and refuses clicks while its request is under way. Its classes are
 * joined, not merged (no tailwind-merge, which the pricing page's script does without): `className`
 * may place and size it (margin, width, alignment) but not restyle what the variant sets.
 */
export function PendingButton({ pending, pendingLabel, children, disabled, variant, size, className, ...props }: PendingButtonProps) {
  return (
    <button
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`${buttonVariants({ variant, size })} ${className ?? ''}`}
      // For the public pages' own script (islands/), which shows the same while a checkout opens.
      data-pending-label={pendingLabel}
      {...props}
    >
      {pending ? (
        <>
          <PendingSpinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** The spinner of a button whose request is under way. */
export function PendingSpinner() {
  return <LoaderCircle aria-hidden className="motion-safe:animate-spin" />;
}
