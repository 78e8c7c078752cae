import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useBackOfficeAccess } from '../api/back-office';

const navLinkClass =
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-muted aria-[current=page]:text-foreground';

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
        <nav
          aria-label="Back office"
          className="-mx-4 overflow-x-auto border-b border-border px-4 pb-2"
        >
          <ul className="flex gap-1">
            <li>
              <Link
                to="/admin"
                activeOptions={{ exact: true, includeSearch: false }}
                className={navLinkClass}
              >
                Dashboard
              </Link>
            </li>
            <li>
              <Link
                to="/admin/bookings"
                activeOptions={{ includeSearch: false }}
                className={navLinkClass}
              >
                Bookings
              </Link>
            </li>
            <li>
              <Link
                to="/admin/inbox"
                activeOptions={{ includeSearch: false }}
                className={navLinkClass}
              >
                Inbox
              </Link>
            </li>
            <li>
              <Link
                to="/admin/newsletter"
                activeOptions={{ includeSearch: false }}
                className={navLinkClass}
              >
                Newsletter
              </Link>
            </li>
            <li>
              <Link
                to="/admin/outbox"
                activeOptions={{ includeSearch: false }}
                className={navLinkClass}
              >
                E-mails
              </Link>
            </li>
            <li>
              <Link
                to="/admin/audit"
                activeOptions={{ includeSearch: false }}
                className={navLinkClass}
              >
                Audit log
              </Link>
            </li>
            {platform ? (
              <>
                <li>
                  <Link to="/admin/staff" className={navLinkClass}>
                    Staff
                  </Link>
                </li>
                <li>
                  <Link
                    to="/admin/brands"
                    activeOptions={{ includeSearch: false }}
                    className={navLinkClass}
                  >
                    Brands
                  </Link>
                </li>
                <li>
                  <Link to="/admin-settings" className={navLinkClass}>
                    Settings
                  </Link>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </div>
      {children}
    </section>
  );
}
