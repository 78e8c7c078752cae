import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { checkoutTexts } from '../lib/checkout-texts';

/** Copies `value`; says 'Copied to clipboard', or that it could not. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => {
            setCopied(true);
            toast({ title: checkoutTexts.copied });
          },
          () => {
            toast({
              variant: 'destructive',
              title: 'Copy failed',
              description: 'Select the text and copy it yourself.',
            });
          },
        );
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
