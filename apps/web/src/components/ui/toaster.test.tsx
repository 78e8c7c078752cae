import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { ToastAction } from './toast';
import { Toaster } from './toaster';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast, useToast } from './use-toast';

function toastRegion() {
  return screen.getByRole('region', { name: /Notifications/ });
}

describe('toasts', () => {
  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Seat Selected', description: 'Seat 12A' });
    });
    expect(within(toastRegion()).getByText('Seat Selected')).toBeInTheDocument();

    act(() => {
      toast({ variant: 'destructive', title: 'Booking Failed', description: 'Card declined' });
    });

    const region = within(toastRegion());
    expect(region.getByText('Booking Failed')).toBeInTheDocument();
    expect(region.getByText('Card declined')).toBeInTheDocument();
    expect(region.queryByText('Seat Selected')).not.toBeInTheDocument();
    expect(region.getAllByRole('listitem')).toHaveLength(1);
    expect(region.getByRole('listitem')).toHaveAttribute('data-variant', 'destructive');
  });

  it('renders an action and a close control that dismisses the toast', async () => {
    const user = userEvent.setup();
    const onUndo = vi.fn();
    render(<Toaster />);

    act(() => {
      toast({
        title: 'Booking cancelled',
        action: (
          <ToastAction altText="Undo the cancellation" onClick={onUndo}>
            Undo
          </ToastAction>
        ),
      });
    });

    await user.click(within(toastRegion()).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledOnce();

    act(() => {
      toast({ title: 'Copied to clipboard' });
    });
    await user.click(within(toastRegion()).getByRole('button', { name: 'Close' }));
    expect(within(toastRegion()).queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });

  it('shows and announces a toast while a modal dialog hides the rest of the page', async () => {
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
      toast({ title: 'Copied to clipboard' });
    });

    // Neither the region nor the toast is aria-hidden: getByRole skips what is.
    expect(within(toastRegion()).getByRole('listitem')).toHaveTextContent('Copied to clipboard');
    // Radix's announcement, a status region outside the hidden part of the page.
    const announcement = await screen.findByRole('status');
    await vi.waitFor(() => {
      expect(announcement).toHaveTextContent(/Copied to clipboard/);
    });
    expect(announcement.closest('[aria-hidden="true"]')).toBeNull();
  });

  it('closes after 5000 ms by default and is removed from the store 1,000,000 ms later', () => {
    vi.useFakeTimers();
    try {
      let toasts: ReturnType<typeof useToast>['toasts'] = [];
      function Probe() {
        toasts = useToast().toasts;
        return null;
      }
      render(
        <>
          <Toaster />
          <Probe />
        </>,
      );

      act(() => {
        toast({ title: 'Settings Updated' });
      });
      act(() => {
        vi.advanceTimersByTime(4999);
      });
      expect(toasts[0]?.open).toBe(true);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(toasts[0]?.open).toBe(false);
      expect(screen.queryByText('Settings Updated')).not.toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
      });
      expect(toasts).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(toasts).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
