import { cva } from 'class-variance-authority';

/**
 * The button look, for Button and for a link that looks like one (the landing page's calls to action).
 * Without Button (its Slot, tailwind-merge) the variant and the size must not set the same thing: the
 * text size is the size's, and only Button's 'link' variant overrides a size. A label too long for its
 * button wraps (the sizes are minimum heights) rather than sticking out of a narrow card.
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-center font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        outline: 'border border-border bg-background hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'h-auto px-0 py-0 text-foreground underline underline-offset-4 hover:text-primary',
      },
      size: {
        default: 'min-h-10 px-4 py-2 text-sm',
        sm: 'min-h-9 px-3 py-1.5 text-sm',
        lg: 'min-h-12 px-6 py-2 text-base',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
