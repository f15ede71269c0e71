/**
 * ui/card.tsx's look, written whole for the plan cards: Card's parts merge classes with
 * tailwind-merge, which the pricing page's script does without. (Card itself keeps its own strings:
 * importing these would put one more small script in the Stashboard's first load.)
 */
export const planCardClasses = {
  frame: 'flex flex-col rounded-lg border bg-background shadow-sm',
  header: 'flex flex-col gap-1.5 p-6',
  title: 'text-2xl font-semibold tracking-tight outline-none',
  content: 'flex-1 p-6 pt-0',
  footer: 'flex items-center gap-3 p-6 pt-0',
};
