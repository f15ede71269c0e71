import { cva } from 'class-variance-authority';

/** The badge look, for Badge and for the landing page's badge, which does without Badge's tailwind-merge. */
export const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      outline: 'border-border text-foreground',
      muted: 'border-transparent bg-muted text-foreground',
    },
  },
  defaultVariants: { variant: 'default' },
});
