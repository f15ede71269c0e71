import { ArrowLeft, ArrowRight, Puzzle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { extensionGuide, paths } from '@shared/routes';
import { track } from '@web/analytics/track';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { TourStepDots } from './tour-step-dots';
import { tourSteps } from './tour-steps';

const lastStep = tourSteps.length - 1;

/** The five-step welcome tour after sign-up; finishing or skipping it opens the Stashboard. */
export function ActivationTour() {
  const [, navigate] = useLocation();
  const [current, setCurrent] = useState(0);
  const step = tourSteps[current];
  const percent = Math.round(((current + 1) / tourSteps.length) * 100);
  const finish = (how: 'skipped' | 'finished') => {
    track('activation_tour_complete', { how, step: current + 1 });
    navigate(paths.dashboard);
  };
  const goTo = (index: number) => {
    track('activation_tour_step', { step: index + 1 });
    setCurrent(index);
  };

  // The step is announced by the live "Step n of 5" line; focus stays on the button pressed, and
  // goes to Next (or Start Using) when that button went away (Previous on the first step).
  const forwardRef = useRef<HTMLButtonElement>(null);
  const shownStep = useRef(current);
  useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    const focused = document.activeElement;
    if (!focused || focused === document.body || (focused instanceof HTMLButtonElement && focused.disabled)) forwardRef.current?.focus();
  }, [current]);

  return (
    <Card className="w-full max-w-2xl">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <span aria-live="polite">
            Step {current + 1} of {tourSteps.length}
            <span className="sr-only">: {step.title}</span>
          </span>
          <span>{percent}%</span>
        </div>
        <Progress value={percent} aria-label="Tour progress" />
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <step.icon aria-hidden className="size-8 shrink-0 text-primary" />
          <CardTitle>{step.title}</CardTitle>
        </div>
        <p>{step.text}</p>
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          {step.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        {step.linksToExtensionGuide && (
          <Button asChild variant="outline" className="justify-self-start">
            <a href={extensionGuide} target="_blank" rel="noopener noreferrer">
              <Puzzle aria-hidden />
              How to get the extension
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        )}
        <TourStepDots steps={tourSteps} current={current} onSelect={goTo} />
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <Button variant="ghost" onClick={() => finish('skipped')}>
          Skip tour
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => goTo(current - 1)} disabled={current === 0}>
            <ArrowLeft aria-hidden />
            Previous
          </Button>
          {/* One button for both, so the focus on Next stays when it becomes Start Using. */}
          <Button ref={forwardRef} onClick={() => (current < lastStep ? goTo(current + 1) : finish('finished'))}>
            {current < lastStep ? 'Next' : 'Start Using'}
            {current < lastStep && <ArrowRight aria-hidden />}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}
