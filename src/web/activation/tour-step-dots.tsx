import { cn } from '@web/lib/cn';
import type { TourStep } from './tour-steps';

interface TourStepDotsProps {
  steps: TourStep[];
  /** Zero-based. */
  current: number;
  onSelect: (index: number) => void;
}

/** One dot per step; any dot jumps straight to its step. */
export function TourStepDots({ steps, current, onSelect }: TourStepDotsProps) {
  return (
    <nav aria-label="Tour steps">
      <ol className="flex items-center justify-center gap-1">
        {steps.map((step, index) => (
          <li key={step.title}>
            <button
              type="button"
              onClick={() => onSelect(index)}
              aria-label={`Step ${index + 1}: ${step.title}`}
              aria-current={index === current ? 'step' : undefined}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden
                className={cn(
                  'block size-2.5 rounded-full bg-muted-foreground/40',
                  index === current && 'w-6 bg-primary',
                  index < current && 'bg-primary/60',
                )}
              />
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
