import { CheckIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

interface ProgressStep {
  id: string;
  label: string;
}

type ProgressStepsProps = Omit<ComponentProps<'nav'>, 'children'> & {
  steps: readonly ProgressStep[];
  /** The id of the step the user is on; earlier steps show as done. */
  current: string;
};

/**
 * A numbered progress bar (a checkout's steps). An ordered list in a labelled navigation
 * landmark; the current step carries aria-current="step". Narrow screens show the numbers and
 * the current step's name.
 */
export function ProgressSteps({
  steps,
  current,
  className,
  'aria-label': ariaLabel = 'Progress',
  ...props
}: ProgressStepsProps) {
  const currentIndex = Math.max(
    0,
    steps.findIndex((step) => step.id === current),
  );
  const currentStep = steps[currentIndex];
  return (
    <nav
      data-slot="progress-steps"
      aria-label={ariaLabel}
      className={cn('grid gap-2', className)}
      {...props}
    >
      <ol className="flex items-center">
        {steps.map((step, index) => (
          <ProgressStepItem
            key={step.id}
            step={step}
            index={index}
            currentIndex={currentIndex}
            last={index === steps.length - 1}
          />
        ))}
      </ol>
      {currentStep ? (
        <p aria-hidden="true" className="text-sm text-muted-foreground md:hidden">
          Step {currentIndex + 1} of {steps.length}:{' '}
          <span className="font-semibold text-foreground">{currentStep.label}</span>
        </p>
      ) : null}
    </nav>
  );
}

/** One step: its number (a tick once done), its name, and the line to the next step. */
function ProgressStepItem({
  step,
  index,
  currentIndex,
  last,
}: {
  step: ProgressStep;
  index: number;
  currentIndex: number;
  last: boolean;
}) {
  const state = index < currentIndex ? 'complete' : index === currentIndex ? 'current' : 'upcoming';
  return (
    <li
      data-state={state}
      aria-current={state === 'current' ? 'step' : undefined}
      className={cn('flex min-w-0 items-center gap-2', !last && 'flex-1')}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
          state === 'complete' && 'border-primary bg-primary text-primary-foreground',
          state === 'current' && 'border-primary bg-background text-primary',
          state === 'upcoming' && 'border-border bg-background text-muted-foreground',
        )}
      >
        {state === 'complete' ? <CheckIcon className="size-4" strokeWidth={3} /> : index + 1}
      </span>
      <span
        className={cn(
          'min-w-0 text-sm max-md:sr-only',
          state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
        )}
      >
        {step.label}
        {state === 'complete' ? <span className="sr-only"> (completed)</span> : null}
      </span>
      {last ? null : (
        <span
          aria-hidden="true"
          className={cn(
            'mx-1 h-0.5 min-w-4 flex-1 rounded-full md:mx-2',
            index < currentIndex ? 'bg-primary' : 'bg-border',
          )}
        />
      )}
    </li>
  );
}
