import type { ReactNode } from 'react';

export const STEP_HEADING_ID = 'checkout-step-heading';

/** The step's h1; the page focuses it when the step changes. */
export function StepHeading({
  children,
  description,
}: {
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <h1
        id={STEP_HEADING_ID}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-foreground outline-none sm:text-3xl"
      >
        {children}
      </h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </div>
  );
}
