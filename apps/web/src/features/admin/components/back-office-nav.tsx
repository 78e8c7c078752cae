import { Link } from '@tanstack/react-router';

const navLinkClass =
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-muted aria-[current=page]:text-foreground';

/** A section stays marked as current whatever its list's filters (the search) are. */
const ignoreSearch = { includeSearch: false } as const;

/** The sections every back-office user sees, in the order of the navigation. */
const brandSections = [
  { to: '/admin', label: 'Dashboard', activeOptions: { exact: true, includeSearch: false } },
  { to: '/admin/bookings', label: 'Bookings', activeOptions: ignoreSearch },
  { to: '/admin/inbox', label: 'Inbox', activeOptions: ignoreSearch },
  { to: '/admin/newsletter', label: 'Newsletter', activeOptions: ignoreSearch },
  { to: '/admin/outbox', label: 'E-mails', activeOptions: ignoreSearch },
  { to: '/admin/audit', label: 'Audit log', activeOptions: ignoreSearch },
] as const;

/** The sections for platform admins only, after the brand sections. */
const platformSections = [
  { to: '/admin/staff', label: 'Staff', activeOptions: undefined },
  { to: '/admin/brands', label: 'Brands', activeOptions: ignoreSearch },
  { to: '/admin-settings', label: 'Settings', activeOptions: undefined },
] as const;

/** The back office's sections; the platform's (staff, brands, settings) for platform admins. */
export function BackOfficeNav({ platform }: { platform: boolean }) {
  const sections = platform ? [...brandSections, ...platformSections] : brandSections;
  return (
    <nav
      aria-label="Back office"
      className="-mx-4 overflow-x-auto border-b border-border px-4 pb-2"
    >
      <ul className="flex gap-1">
        {sections.map((section) => (
          <li key={section.to}>
            <Link to={section.to} activeOptions={section.activeOptions} className={navLinkClass}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
