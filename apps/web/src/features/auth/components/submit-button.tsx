import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface SubmitButtonProps {
  busy: boolean;
  /** Shown while busy ("Signing in..."). */
  busyLabel: string;
  children: ReactNode;
  className?: string;
}

/** A form's submit button; disabled with a spinner while the request runs (no double submits). */
export function SubmitButton({ busy, busyLabel, children, className }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" disabled={busy} className={className}>
      {busy ? (
        <>
          <LoaderCircleIcon
            className="animate-spin motion-reduce:animate-none"
            aria-hidden="true"
          />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
