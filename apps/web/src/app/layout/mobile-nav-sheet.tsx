import type { CurrentUser } from '@contrail/contracts/auth';
import { Link } from '@tanstack/react-router';
import { PhoneIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { Separator } from '../../components/ui/separator';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetHeader,
  SheetTitle,
} from '../../components/ui/sheet';
import { BrandMark } from '../../features/brand/components/brand-mark';
import { telHref } from '../../lib/formatters';
import { accountLinks } from './account-links';
import { primaryLinks, scrollToSearchSection } from './nav-links';

const sheetLinkBase =
  'rounded-md px-3 py-2 text-base font-medium text-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring';
const sheetLinkClass = `block ${sheetLinkBase}`;

export interface MobileNavSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the sheet closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** undefined while the session is loading; null when signed out. */
  user: CurrentUser | null | undefined;
  phone: string;
  onSignOut: () => void;
}

/**
 * The slide-out menu for screens under 768 px: a Radix Dialog (focus trap, Escape, labelled by
 * the brand name), loaded on demand.
 */
export function MobileNavSheet({
  open,
  onOpenChange,
  returnFocusTo,
  user,
  phone,
  onSignOut,
}: MobileNavSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-nav"
        side="right"
        aria-describedby={undefined}
        className="overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader className="pr-12">
          <SheetTitle>
            <BrandMark />
          </SheetTitle>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-4 pb-6">
          <PrimarySheetLinks phone={phone} />

          <Separator className="my-3" />

          {user === undefined ? null : user ? (
            <SheetAccount user={user} onOpenChange={onOpenChange} onSignOut={onSignOut} />
          ) : (
            <SheetSignIn />
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}

/** The site's main sections, then the phone line. */
function PrimarySheetLinks({ phone }: { phone: string }) {
  return (
    <ul className="flex flex-col gap-1">
      {primaryLinks.map((link) => (
        <li key={link.label}>
          <SheetClose asChild>
            <Link
              to={link.to}
              {...('hash' in link ? { hash: link.hash, onClick: scrollToSearchSection } : {})}
              {...('activeOptions' in link ? { activeOptions: link.activeOptions } : {})}
              className={sheetLinkClass}
            >
              {link.label}
            </Link>
          </SheetClose>
        </li>
      ))}
      <li>
        <a href={telHref(phone)} className={`flex items-center gap-2 ${sheetLinkBase}`}>
          <PhoneIcon className="size-4" aria-hidden="true" />
          {phone}
        </a>
      </li>
    </ul>
  );
}

/** Signed in: the account links under the first name, then Sign Out (which closes the sheet). */
function SheetAccount({
  user,
  onOpenChange,
  onSignOut,
}: {
  user: CurrentUser;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
}) {
  return (
    <div role="group" aria-labelledby="mobile-nav-account" className="flex flex-col gap-1">
      <p id="mobile-nav-account" className="px-3 py-1 text-sm font-semibold text-muted-foreground">
        {user.firstName}
      </p>
      <ul className="flex flex-col gap-1">
        {accountLinks(user).map((link) => (
          <li key={link.to}>
            <SheetClose asChild>
              <Link to={link.to} className={sheetLinkClass}>
                {link.label}
              </Link>
            </SheetClose>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="mt-2"
        onClick={() => {
          onOpenChange(false);
          onSignOut();
        }}
      >
        Sign Out
      </Button>
    </div>
  );
}

/** Signed out: Sign In and Sign Up. */
function SheetSignIn() {
  return (
    <div className="flex flex-col gap-2">
      <SheetClose asChild>
        <Button asChild variant="outline">
          <Link to="/login">Sign In</Link>
        </Button>
      </SheetClose>
      <SheetClose asChild>
        <Button asChild>
          <Link to="/register">Sign Up</Link>
        </Button>
      </SheetClose>
    </div>
  );
}
