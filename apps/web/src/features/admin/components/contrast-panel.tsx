import type { BrandTheme } from '@contrail/contracts/brands';
import { WCAG_AA_NORMAL_TEXT } from '@contrail/contracts/theme';
import { AlertTriangleIcon, CheckCircle2Icon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { contrastChecks, formatContrastRatio, type ContrastCheck } from '../lib/contrast';
import { themeStyle } from './brand-preview';

const SAMPLE_CLASSES: Record<ContrastCheck['id'], string> = {
  primary: 'bg-primary text-primary-foreground',
  secondary: 'bg-secondary text-secondary-foreground',
  accent: 'bg-accent text-accent-foreground',
  text: 'border border-border bg-background text-foreground',
};

const minimum = formatContrastRatio(WCAG_AA_NORMAL_TEXT);

/**
 * Contrast of the text the site puts on each brand colour, and of body text on the background,
 * against WCAG AA (4.5:1); failing pairs get a visible warning naming the pair and its ratio,
 * and the brand cannot be saved until they pass (the form's schema, and the API, refuse it).
 */
export function ContrastPanel({ theme }: { theme: BrandTheme }) {
  const checks = contrastChecks(theme);
  const failing = checks.filter((check) => !check.passes);
  const sampleStyle = themeStyle(theme);

  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {failing.length === 0
          ? `All text meets WCAG AA (at least ${minimum}).`
          : `${failing.length === 1 ? '1 pair fails' : `${failing.length} pairs fail`} WCAG AA (${minimum} for normal text): the brand cannot be saved until ${failing.length === 1 ? 'it passes' : 'they pass'}.`}
      </p>
      <ul className="grid gap-2" aria-label="Contrast checks">
        {checks.map((check) => (
          <li
            key={check.label}
            data-passes={check.passes}
            className={cn(
              'flex items-start gap-3 rounded-md border p-2.5',
              check.passes ? 'border-border' : 'border-warning bg-warning/10',
            )}
          >
            <span
              style={sampleStyle}
              aria-hidden="true"
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-md font-sans text-sm font-semibold',
                SAMPLE_CLASSES[check.id],
              )}
            >
              Aa
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium text-foreground">{check.label}</span>
                <span className="font-mono text-xs text-muted-foreground tabular-nums">
                  {formatContrastRatio(check.ratio)}
                </span>
              </span>
              {check.passes ? (
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <CheckCircle2Icon className="size-3.5 text-success" aria-hidden="true" />
                  Passes WCAG AA
                </span>
              ) : (
                <span role="note" className="flex items-start gap-1 text-xs text-foreground">
                  <AlertTriangleIcon
                    className="mt-px size-3.5 shrink-0 text-warning"
                    aria-hidden="true"
                  />
                  {`Low contrast: ${check.label.toLowerCase()} is ${formatContrastRatio(check.ratio)}, below the ${minimum} WCAG AA minimum.`}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
