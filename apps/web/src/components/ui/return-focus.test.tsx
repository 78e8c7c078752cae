import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';

/** A list whose items open a confirmation from page state (no trigger), as My Trips does. */
function List() {
  const [items, setItems] = useState(['Lisbon', 'Oslo']);
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <main id="main" tabIndex={-1}>
      <ul>
        {items.map((item) => (
          <li key={item}>
            {item} <Button onClick={() => setAsking(item)}>Remove {item}</Button>
          </li>
        ))}
      </ul>
      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Remove {asking}?</AlertDialogTitle>
          <AlertDialogDescription>It goes from the list.</AlertDialogDescription>
          <AlertDialogCancel>Keep</AlertDialogCancel>
          <Button
            onClick={() => {
              setItems((all) => all.filter((item) => item !== asking));
              setAsking(null);
            }}
          >
            Yes, remove
          </Button>
        </AlertDialogContent>
      </AlertDialog>
    </main>
  );
}

describe(
  'dialogs opened from page state give the focus back (WCAG 2.4.3)',
  { timeout: 20_000 },
  () => {
    it('to the control that opened them', async () => {
      const user = userEvent.setup();
      render(<List />);
      const opener = screen.getByRole('button', { name: 'Remove Oslo' });
      await user.click(opener);
      expect(await screen.findByRole('alertdialog')).toBeVisible();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(opener).toHaveFocus());

      await user.click(opener);
      await user.click(await screen.findByRole('button', { name: 'Keep' }));
      await waitFor(() => expect(opener).toHaveFocus());
    });

    it('to the nearest control still there when the opener has gone', async () => {
      const user = userEvent.setup();
      render(<List />);
      await user.click(screen.getByRole('button', { name: 'Remove Oslo' }));
      await user.click(await screen.findByRole('button', { name: 'Yes, remove' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Remove Lisbon' })).toHaveFocus(),
      );
      expect(document.body).not.toHaveFocus();
    });
  },
);
