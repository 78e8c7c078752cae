import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { Toaster } from './toaster';

function toastRegion() {
  return screen.getByRole('region', { name: 'Notifications F8' });
}

describe('toast (the app’s toasts, before and after Sonner has loaded)', () => {
  it('shows a toast asked for before the toast region was on the page, once it is', async () => {
    toast.error('Booking Failed', { description: 'Card declined' });
    render(<Toaster />);

    const item = (await within(toastRegion()).findByText('Booking Failed')).closest('li');
    expect(item).toHaveAttribute('data-type', 'error');
    expect(within(toastRegion()).getByText('Card declined')).toBeInTheDocument();
  });

  it('sends toasts straight to the region once it is on the page', async () => {
    render(<Toaster />);
    toast('Seat Selected', { description: 'Seat 12A' });

    const item = (await within(toastRegion()).findByText('Seat Selected')).closest('li');
    expect(item).not.toHaveAttribute('data-type', 'error');
    expect(within(toastRegion()).getByText('Seat 12A')).toBeInTheDocument();
  });
});

describe('toast before the region has loaded', () => {
  it('forgets waiting toasts when every toast is dismissed', async () => {
    // A fresh copy of the module: no region has connected to it yet.
    vi.resetModules();
    const fresh = await import('./toast');
    const shown: unknown[] = [];
    const sonner = Object.assign((message: unknown) => shown.push(message), {
      dismiss: () => undefined,
    }) as unknown as Parameters<typeof fresh.connectToasts>[0];

    fresh.toast('Dismissed before load');
    fresh.toast.dismiss();
    fresh.toast('Shown after load');
    fresh.connectToasts(sonner);

    expect(shown).toEqual(['Shown after load']);
  });
});
