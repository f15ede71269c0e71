import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A spinning wheel with a visible label, announced politely to screen readers. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden className="size-6 motion-safe:animate-spin" />
      <span>{label}</span>
    </div>
  );
}
