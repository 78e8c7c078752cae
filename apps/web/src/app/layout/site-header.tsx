import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { buttonVariants } from '../../components/ui/button-variants';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useLogout } from '../../features/auth/api/logout';
import { BrandMark } from '../../features/brand/components/brand-mark';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { cn } from '../../lib/cn';
import { telHref } from '../../lib/formatters';
import { AccountButton } from './account-button';
import { MobileNav } from './mobile-nav';
import { HEADER_SCROLL_THRESHOLD_PX, primaryLinks, scrollToSearchSection } from './nav-links';
import { useScrolled } from './use-scrolled';
import { PhoneIcon } from './shell-icons';

// Only signed-in users need the dropdown menu's code.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-foreground aria-[current=page]:underline aria-[current=page]:underline-offset-8';

export function SiteHeader() {
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const { brand } = useBrand();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useLogout({ onSignedOut: () => void navigate({ to: '/' }) });

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200 print:hidden',
        scrolled ? 'border-border bg-background shadow-sm' : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          className="flex min-w-0 items-center rounded-md text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark />
        </Link>

        <MainNav />

        <div className="hidden items-center gap-2 md:flex">
          <a href={telHref(brand.contact.phone)} className={cn(navLinkClass, 'inline-flex gap-2')}>
            <PhoneIcon className="size-4" aria-hidden="true" />
            <span className="sr-only lg:not-sr-only">{brand.contact.phone}</span>
          </a>
          {/* Reserved width: the session answers after the first paint, and the phone link and
              main links must not move when it does. */}
          <div className="flex min-w-44 items-center justify-end gap-2">
            <DesktopAccount user={user} onSignOut={signOut} />
          </div>
        </div>

        <MobileNav
          user={user.isPending ? undefined : (user.data ?? null)}
          phone={brand.contact.phone}
          onSignOut={signOut}
        />
      </div>
    </header>
  );
}

/** The site's main sections, shown from 768 px. */
function MainNav() {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {primaryLinks.map((link) => (
          <li key={link.label}>
            <Link
              to={link.to}
              {...('hash' in link ? { hash: link.hash, onClick: scrollToSearchSection } : {})}
              {...('activeOptions' in link ? { activeOptions: link.activeOptions } : {})}
              className={navLinkClass}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Nothing while the session loads, the account menu when signed in, else Sign In and Sign Up. */
function DesktopAccount({
  user,
  onSignOut,
}: {
  user: ReturnType<typeof useCurrentUser>;
  onSignOut: () => void;
}) {
  return user.isPending ? null : user.data ? (
    <Suspense fallback={<AccountButton firstName={user.data.firstName} disabled />}>
      <AccountMenu user={user.data} onSignOut={onSignOut} />
    </Suspense>
  ) : (
    <>
      {/* Links drawn as Buttons, without the component (the entry chunk). */}
      <Link to="/login" data-slot="button" className={buttonVariants({ variant: 'ghost' })}>
        Sign In
      </Link>
      <Link to="/register" data-slot="button" className={buttonVariants()}>
        Sign Up
      </Link>
    </>
  );
}
