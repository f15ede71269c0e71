import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';

/**
 * A spinning wheel with a visible label, announced politely to screen readers. `className` is added,
 * not merged (no tailwind-merge: the sign-in wait comes with the first script): it must not restyle.
 */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={clsx('flex items-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden className="size-6 motion-safe:animate-spin" />
      <span>{label}</span>
    </div>
  );
}
