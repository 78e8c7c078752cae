import type { ReactNode } from 'react';
import { useBackOfficeAccess } from '../api/back-office';
import { BackOfficeNav } from './back-office-nav';

interface BackOfficeLayoutProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A back-office page: its heading and the back office's sections. Brand staff see their brand's
 * sections only; the platform's (staff, brands, settings) are for platform admins.
 */
export function BackOfficeLayout({ title, description, actions, children }: BackOfficeLayoutProps) {
  const access = useBackOfficeAccess();
  const platform = access.data?.role === 'platform_admin';
  const brand = access.data?.role === 'brand_staff' ? access.data.brands[0] : undefined;
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:py-10"
    >
      <div className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1.5">
            <p className="text-sm font-medium text-muted-foreground">
              {brand ? `Back office · ${brand.name}` : 'Back office'}
            </p>
            <h1
              id="page-title"
              className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
            >
              {title}
            </h1>
            {description ? <p className="max-w-2xl text-muted-foreground">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
        <BackOfficeNav platform={platform} />
      </div>
      {children}
    </section>
  );
}
