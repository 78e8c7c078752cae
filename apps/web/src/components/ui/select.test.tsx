import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

describe('Select', () => {
  it('makes the page behind an open list inert, not only hidden, and gives it back on close', async () => {
    const user = userEvent.setup();
    render(
      <>
        <a href="/faq">FAQ</a>
        <div aria-live="polite">Live</div>
        <Select>
          <SelectTrigger aria-label="Title">
            <SelectValue placeholder="Select" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="ms">Ms</SelectItem>
            <SelectItem value="mr">Mr</SelectItem>
          </SelectContent>
        </Select>
      </>,
    );
    const link = screen.getByRole('link', { name: 'FAQ' });
    const live = screen.getByText('Live');

    screen.getByRole('combobox', { name: 'Title' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    // Hidden from assistive tech and out of the focus order alike; live regions stay.
    expect(link.closest('[inert]')).not.toBeNull();
    expect(live.closest('[inert]')).toBeNull();
    expect(screen.getByRole('listbox').closest('[inert]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
