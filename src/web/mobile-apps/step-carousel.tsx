import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { wrapStep, type InstallStep } from './install-steps';

/** One step at a time, with Previous and Next going round; the step's text is announced as it changes. */
export function StepCarousel({ label, steps }: { label: string; steps: InstallStep[] }) {
  const [index, setIndex] = useState(0);
  const step = steps[index];
  const move = (delta: number) => setIndex((current) => wrapStep(current, delta, steps.length));

  return (
    <section aria-roledescription="carousel" aria-label={label} className="grid max-w-xl gap-4 rounded-lg border border-border p-6">
      <div aria-live="polite" aria-roledescription="slide" className="grid min-h-32 gap-2">
        <p className="text-sm font-medium text-muted-foreground">
          Step {index + 1} of {steps.length}
        </p>
        <h3 className="text-xl font-semibold">{step.title}</h3>
        {step.androidOnly && <p className="w-fit rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold">Android only</p>}
        <p>{step.text}</p>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="outline" onClick={() => move(-1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button type="button" variant="outline" onClick={() => move(1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </section>
  );
}
