import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
