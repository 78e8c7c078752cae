import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

describe('Slot (asChild)', () => {
  it('puts its props on the child, the child’s own winning but for classes, styles and handlers', async () => {
    const calls: string[] = [];
    render(
      <Slot
        id="slot-id"
        className="from-slot"
        style={{ color: 'red', margin: 1 }}
        aria-describedby="hint shared"
        onClick={() => calls.push('slot')}
      >
        <a
          href="/somewhere"
          id="child-id"
          className="from-child"
          style={{ color: 'blue' }}
          aria-describedby="shared error"
          onClick={(event) => {
            event.preventDefault();
            calls.push('child');
          }}
        >
          A link
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'A link' });
    expect(link).toHaveAttribute('id', 'child-id');
    expect(link).toHaveClass('from-slot', 'from-child');
    expect(link).toHaveStyle({ color: 'rgb(0, 0, 255)', margin: '1px' });
    expect(link).toHaveAttribute('aria-describedby', 'shared error hint');
    await userEvent.click(link);
    expect(calls).toEqual(['child', 'slot']);
  });

  it('gives the element to both refs, and takes its props when the child has none', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLButtonElement>();
    const onFocus = vi.fn();
    render(
      <Slot ref={slotRef} onFocus={onFocus} data-slot="button">
        <button ref={childRef}>Press</button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Press' });
    expect(slotRef.current).toBe(button);
    expect(childRef.current).toBe(button);
    expect(button).toHaveAttribute('data-slot', 'button');
    button.focus();
    expect(onFocus).toHaveBeenCalledOnce();
  });

  it('refuses anything but a single element', () => {
    // React reports the error it rethrows.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Slot>just text</Slot>)).toThrow(/single React element/);
    reported.mockRestore();
    expect(render(<Slot>{null}</Slot>).container).toBeEmptyDOMElement();
  });
});
