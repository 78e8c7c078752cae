import { lazy, Suspense, useRef, useState } from 'react';
import { buttonVariants } from '../../components/ui/button-variants';
import type { MobileNavSheetProps } from './mobile-nav-sheet';
import { MenuIcon } from './shell-icons';

const loadSheet = () => import('./mobile-nav-sheet');
const MobileNavSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileNavSheet })));

type MobileNavProps = Omit<MobileNavSheetProps, 'open' | 'onOpenChange' | 'returnFocusTo'>;

/**
 * The menu button for screens under 768 px. The sheet's code (dialog, focus trap, scroll lock)
 * is fetched when the button is first pointed at, focused or pressed, not with every page.
 */
export function MobileNav(props: MobileNavProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      {/* A Button's element and classes, without the component (the entry chunk). */}
      <button
        ref={buttonRef}
        data-slot="button"
        className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-nav' : undefined}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" aria-hidden="true" />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileNavSheet {...props} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
