import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A grey placeholder block shaped like the content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />;
}
