import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { TOAST_DURATION_MS, TOAST_LIMIT, Toaster } from './toaster';

function toastRegion() {
  return screen.getByRole('region', { name: 'Notifications F8' });
}

/** Sonner adds a toast on the next task; fake timers need a nudge. */
function show(call: () => void) {
  act(() => {
    call();
    vi.advanceTimersByTime(0);
  });
}

describe('toasts (Sonner)', () => {
  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows a title and a description in a polite live region named for its F8 hotkey', async () => {
    render(<Toaster />);
    expect(toastRegion()).toHaveAttribute('aria-live', 'polite');

    act(() => {
      toast('Seat Selected', { description: 'Seat 12A' });
    });

    const item = await within(toastRegion()).findByRole('listitem');
    expect(item).toHaveTextContent('Seat Selected');
    expect(item).toHaveTextContent('Seat 12A');
    expect(item).not.toHaveAttribute('data-type', 'error');
  });

  it.each([
    { width: 'a phone', matches: true, y: 'top', x: 'center' },
    { width: 'a wider screen', matches: false, y: 'bottom', x: 'right' },
  ])('on $width, shows toasts at the $y $x', async ({ matches, y, x }) => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: matches && query === '(max-width: 600px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      render(<Toaster />);
      act(() => {
        toast.error('Each flight must depart on or after the flight before it');
      });
      await within(toastRegion()).findByRole('listitem');
      const list = toastRegion().querySelector('ol');
      expect(list).toHaveAttribute('data-y-position', y);
      expect(list).toHaveAttribute('data-x-position', x);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows one toast at a time: a newer toast replaces the one on screen', async () => {
    render(<Toaster />);
    act(() => {
      toast('Seat Selected', { description: 'Seat 12A' });
    });
    await within(toastRegion()).findByText('Seat Selected');

    act(() => {
      toast.error('Booking Failed', { description: 'Card declined' });
    });

    const newest = (await within(toastRegion()).findByText('Booking Failed')).closest('li');
    expect(newest).toHaveAttribute('data-type', 'error');
    expect(newest).toHaveAttribute('data-visible', 'true');
    expect(within(toastRegion()).getByText('Card declined')).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(within(toastRegion()).queryByText('Seat Selected')).not.toBeInTheDocument();
    });
    expect(within(toastRegion()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('has a close control that dismisses the toast', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast('Copied to clipboard');
    });

    await user.click(await within(toastRegion()).findByRole('button', { name: 'Close' }));
    await vi.waitFor(() => {
      expect(within(toastRegion()).queryByText('Copied to clipboard')).not.toBeInTheDocument();
    });
  });

  it('moves the focus to the toasts on F8', async () => {
    render(<Toaster />);
    act(() => {
      toast('Settings Updated');
    });
    const list = (await within(toastRegion()).findByRole('listitem')).closest('ol');

    fireEvent.keyDown(document, { code: 'F8', key: 'F8' });

    expect(document.activeElement).toBe(list);
  });

  it('keeps the toasts reachable and announced while a modal dialog hides the rest', async () => {
    render(
      <>
        <main>
          <button type="button">Page</button>
        </main>
        <Toaster />
        <Dialog open>
          <DialogContent>
            <DialogTitle>Booking Details</DialogTitle>
            <DialogDescription>London to New York</DialogDescription>
          </DialogContent>
        </Dialog>
      </>,
    );
    // The dialog has hidden the page behind it.
    expect(screen.queryByRole('button', { name: 'Page' })).not.toBeInTheDocument();

    act(() => {
      toast('Copied to clipboard');
    });

    // Neither the region nor the toast is aria-hidden or inert: getByRole skips what is.
    const item = await within(toastRegion()).findByRole('listitem');
    expect(item).toHaveTextContent('Copied to clipboard');
    expect(item.closest('[aria-hidden="true"], [inert]')).toBeNull();
    expect(toastRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('closes a toast after 5000 ms', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      show(() => toast('Settings Updated'));
      expect(within(toastRegion()).getByText('Settings Updated')).toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
      });
      expect(within(toastRegion()).getByText('Settings Updated').closest('li')).toHaveAttribute(
        'data-removed',
        'false',
      );
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(within(toastRegion()).getByText('Settings Updated').closest('li')).toHaveAttribute(
        'data-removed',
        'true',
      );
      // Gone once its exit has played.
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(within(toastRegion()).queryByText('Settings Updated')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
