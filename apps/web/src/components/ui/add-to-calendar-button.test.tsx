import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildOffer } from '../../test/offers';
import { AddToCalendarButton } from './add-to-calendar-button';

describe('Add to Calendar', () => {
  it('downloads the trip as an .ics file named after the booking, one event per flight', async () => {
    const files: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:trip';
    });
    const revokeObjectURL = vi.fn();
    // jsdom makes no object URLs: a URL class that records them, restored after the test.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ href: this.href, download: this.download });
    });
    const offer = buildOffer();
    const user = userEvent.setup();
    render(<AddToCalendarButton bookingReference="ABC123" slices={offer.slices} />);

    await user.click(screen.getByRole('button', { name: 'Add to Calendar' }));

    expect(downloads).toEqual([{ href: 'blob:trip', download: 'trip-ABC123.ics' }]);
    expect(files[0]?.type).toBe('text/calendar;charset=utf-8');
    const text = await files[0]?.text();
    const flights = offer.slices.reduce((sum, slice) => sum + slice.segments.length, 0);
    expect(text?.match(/BEGIN:VEVENT/g)).toHaveLength(flights);
    expect(text).toContain('UID:ABC123-1-1@contrail');
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:trip'));
    // Nothing left in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
