import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToggleGroup, ToggleGroupItem } from './toggle-group';

function Sort({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('best');
  return (
    <>
      <a href="/before">Before</a>
      <ToggleGroup
        value={value}
        aria-label="Sort by"
        onValueChange={(next) => {
          onChange?.(next);
          if (next) setValue(next);
        }}
      >
        <ToggleGroupItem value="best">Best</ToggleGroupItem>
        <ToggleGroupItem value="cheapest">Cheapest</ToggleGroupItem>
        <ToggleGroupItem value="fastest">Fastest</ToggleGroupItem>
      </ToggleGroup>
      <a href="/after">After</a>
    </>
  );
}

describe('ToggleGroup', () => {
  it('is a radio group whose chosen button is checked and on', () => {
    render(<Sort />);
    const group = screen.getByRole('radiogroup', { name: 'Sort by' });
    expect(group).toBeInTheDocument();
    const best = screen.getByRole('radio', { name: 'Best' });
    expect(best).toBeChecked();
    expect(best).toHaveAttribute('data-state', 'on');
    expect(screen.getByRole('radio', { name: 'Cheapest' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cheapest' })).toHaveAttribute('data-state', 'off');
  });

  it('is one Tab stop, moves the focus round with the arrows and chooses with Space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Sort onChange={onChange} />);
    screen.getByRole('link', { name: 'Before' }).focus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Best' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Cheapest' })).toHaveFocus();
    // Moving the focus chooses nothing.
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Best' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Fastest' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: 'Best' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: 'Fastest' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('fastest');
    expect(screen.getByRole('radio', { name: 'Fastest' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('link', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Fastest' })).toHaveFocus();
  });

  it('asks for nothing when the chosen button is chosen again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Sort onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Cheapest' }));
    expect(onChange).toHaveBeenLastCalledWith('cheapest');
    await user.click(screen.getByRole('radio', { name: 'Cheapest' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('radio', { name: 'Cheapest' })).toBeChecked();
  });
});
