import { brandLogoSchema } from '@contrail/contracts/admin';
import type { BrandTheme } from '@contrail/contracts/brands';
import { BRAND_LOGO_MAX_HEIGHT_PX, themeVariables } from '@contrail/contracts/theme';
import { PlaneTakeoffIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * The edited theme as CSS variables on one element, so the semantic-token classes inside it
 * (`bg-primary`, `text-foreground` …) render in the edited brand's colours. This is the one place
 * the app sets theme variables inline from values other than the applied brand's.
 */
export function themeStyle(theme: BrandTheme): CSSProperties {
  const style: Record<string, string> = { ...themeVariables(theme) };
  return style;
}

interface BrandPreviewProps {
  name: string;
  logo: string | null | undefined;
  theme: BrandTheme;
  contact: { email: string; phone: string };
}

function previewLogo(logo: string | null | undefined): string | null {
  const parsed = brandLogoSchema.safeParse(logo ?? '');
  return parsed.success ? parsed.data : null;
}

/** A miniature of the brand's site: header, buttons and a result card, in the edited theme. */
export function BrandPreview({ name, logo, theme, contact }: BrandPreviewProps) {
  const logoSrc = previewLogo(logo);
  const displayName = name.trim() || 'Brand name';
  return (
    <div
      data-testid="brand-preview"
      style={themeStyle(theme)}
      className="@container overflow-hidden rounded-lg border border-border bg-background font-sans text-foreground shadow-sm"
    >
      {/* Looks like the site, but nothing in it can be focused or clicked. */}
      <div inert className="select-none">
        <PreviewHeader logoSrc={logoSrc} displayName={displayName} />
        <PreviewBody />
        <PreviewFooter contact={contact} />
      </div>
    </div>
  );
}

function PreviewHeader({ logoSrc, displayName }: { logoSrc: string | null; displayName: string }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
      <span className="flex min-w-0 items-center gap-2">
        {logoSrc ? (
          <img
            src={logoSrc}
            alt=""
            className="w-auto max-w-24 shrink-0 object-contain"
            style={{ height: Math.min(BRAND_LOGO_MAX_HEIGHT_PX, 28) }}
          />
        ) : null}
        <span className="truncate text-sm font-bold tracking-tight">{displayName}</span>
      </span>
      {/* The preview is narrow: its nav follows the preview's width, not the window's. */}
      <span className="hidden shrink-0 items-center gap-2.5 text-xs text-muted-foreground @[21rem]:flex">
        <span>Flights</span>
        <span>Trips</span>
        <span>Support</span>
      </span>
      <Button size="sm" tabIndex={-1}>
        Sign In
      </Button>
    </div>
  );
}

function PreviewBody() {
  return (
    <div className="grid gap-4 px-4 py-5">
      <div className="grid gap-1">
        <p className="text-lg font-bold tracking-tight">Find your next flight</p>
        <p className="text-sm text-muted-foreground">
          Compare fares across airlines in one search.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" tabIndex={-1}>
          Primary
        </Button>
        <Button size="sm" variant="secondary" tabIndex={-1}>
          Secondary
        </Button>
        <span className="inline-flex h-8 items-center rounded-md bg-accent px-3 text-xs font-medium text-accent-foreground shadow-sm">
          Accent
        </span>
      </div>

      <PreviewResultCard />
    </div>
  );
}

function PreviewResultCard() {
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 font-semibold">
          LHR
          <PlaneTakeoffIcon className="size-4 text-primary" aria-hidden="true" />
          JFK
        </span>
        <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
          Best price
        </span>
      </div>
      <p className="text-xs text-muted-foreground">Tue 14 Oct · Non-stop · 8h 05m</p>
      <div className="flex items-center justify-between gap-3">
        <span className="text-lg font-bold">$642</span>
        <Button size="sm" tabIndex={-1}>
          Select
        </Button>
      </div>
    </div>
  );
}

function PreviewFooter({ contact }: { contact: BrandPreviewProps['contact'] }) {
  return (
    <div className="border-t border-border bg-muted px-4 py-2 text-xs text-muted-foreground">
      <span className="break-all">{contact.email || 'email@example.com'}</span>
      {contact.phone ? <span> · {contact.phone}</span> : null}
    </div>
  );
}

/** The brand's three colours as small swatches, drawn through the same theme variables. */
export function BrandSwatches({ theme, className }: { theme: BrandTheme; className?: string }) {
  return (
    <span
      style={themeStyle(theme)}
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 overflow-hidden rounded-md border border-border bg-background',
        className,
      )}
    >
      <span className="size-full flex-1 bg-primary" />
      <span className="size-full flex-1 bg-secondary" />
      <span className="size-full flex-1 bg-accent" />
    </span>
  );
}
