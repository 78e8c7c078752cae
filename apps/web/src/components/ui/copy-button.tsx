import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button';
import { toast } from './toast';

const COPIED_TOAST = 'Copied to clipboard';

interface CopyButtonProps {
  value: string;
  /** The button's accessible name ("Copy booking reference"). */
  label: string;
  className?: string;
}

/** Copies `value` and says 'Copied to clipboard', or that it could not. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={label}
      className={className}
      onClick={() => {
        // Insecure origins and old browsers have no clipboard API.
        const clipboard = navigator.clipboard as Clipboard | undefined;
        (clipboard ? clipboard.writeText(value) : Promise.reject(new Error('no clipboard'))).then(
          () => {
            setCopied(true);
            toast(COPIED_TOAST);
          },
          () => {
            toast.error('Copy failed', { description: 'Select the text and copy it yourself.' });
          },
        );
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
