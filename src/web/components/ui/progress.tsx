import * as ProgressPrimitive from '@radix-ui/react-progress';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A bar of `value` percent; without a value (null), an indeterminate one: work under way, length unknown. */
export function Progress({ className, value, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const indeterminate = value === null;
  return (
    <ProgressPrimitive.Root value={value} className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)} {...props}>
      <ProgressPrimitive.Indicator
        className={cn('h-full bg-primary', indeterminate ? 'w-1/3 motion-safe:animate-progress-sweep' : 'motion-safe:transition-transform')}
        style={indeterminate ? undefined : { transform: `translateX(-${100 - (value ?? 0)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
