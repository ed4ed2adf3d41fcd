import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MountWhenOpened } from './mount-when-opened';

afterEach(cleanup);

describe('MountWhenOpened', () => {
  it('renders nothing until first opened, then keeps the dialog mounted while it closes', () => {
    const { rerender } = render(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.queryByText('dialog')).not.toBeInTheDocument();
    rerender(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
    rerender(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });

  it('renders at once when it starts opened', () => {
    render(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });
});
