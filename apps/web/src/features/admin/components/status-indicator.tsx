import { CheckCircle2Icon, CircleDashedIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** 'Configured' with a check in the success colour, or 'Not configured' in muted tones. */
export function ConfigurationStatus({ configured }: { configured: boolean }) {
  return (
    <span
      data-configured={configured}
      className={cn(
        'inline-flex w-fit items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium whitespace-nowrap',
        configured
          ? 'border-success/40 bg-success/10 text-foreground'
          : 'border-border bg-muted text-muted-foreground',
      )}
    >
      {configured ? (
        <CheckCircle2Icon className="size-3.5 text-success" aria-hidden="true" />
      ) : (
        <CircleDashedIcon className="size-3.5" aria-hidden="true" />
      )}
      {configured ? 'Configured' : 'Not configured'}
    </span>
  );
}
