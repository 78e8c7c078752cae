import type { ReactNode, RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '../../../components/ui/sheet';

export interface FiltersSheetContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panel: ReactNode;
  shownCount: number;
  /** The Filters button, which gets the focus back when the sheet closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The filters' sheet on a phone, loaded once its button is first wanted
 * (`results-filters.tsx`): the sheet's dialog, focus trap and scroll lock are not needed to show
 * the results.
 */
export function FiltersSheetContent({
  open,
  onOpenChange,
  panel,
  shownCount,
  returnFocusTo,
}: FiltersSheetContentProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="gap-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Narrow down the flights shown.</SheetDescription>
        </SheetHeader>
        {/* The filters scroll below the close button's band, never under the button. */}
        <div className="mt-12 min-h-0 flex-1 overflow-y-auto p-5 pt-0">{panel}</div>
        <div className="border-t border-border p-4">
          <SheetClose asChild>
            <Button className="w-full">
              Show {shownCount} {shownCount === 1 ? 'flight' : 'flights'}
            </Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
