import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const navLinkClass =
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-muted aria-[current=page]:text-foreground';

interface AdminPageHeaderProps {
  title: string;
  description: ReactNode;
  /** Shown beside the title on wide screens, below it on narrow ones. */
  actions?: ReactNode;
}

/** The admin console's page heading and its section navigation. */
export function AdminPageHeader({ title, description, actions }: AdminPageHeaderProps) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-muted-foreground">Admin Panel</p>
          <h1 id="page-title" className="text-3xl font-bold tracking-tight text-foreground">
            {title}
          </h1>
          <p className="max-w-2xl text-muted-foreground">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <nav aria-label="Admin" className="border-b border-border pb-2">
        <ul className="flex gap-1">
          <li>
            <Link to="/admin" className={navLinkClass}>
              Back office
            </Link>
          </li>
          <li>
            <Link to="/admin-settings" className={navLinkClass}>
              Settings
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
        </ul>
      </nav>
    </div>
  );
}
