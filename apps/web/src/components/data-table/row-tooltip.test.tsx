import './test-setup';
import { ActionIcon, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowTooltip } from './row-tooltip';

function setup(onMouseEnter = vi.fn()) {
  render(
    <MantineProvider>
      <RowTooltip label="Edit user" withinPortal={false}>
        <ActionIcon aria-label="Edit" onMouseEnter={onMouseEnter}>
          e
        </ActionIcon>
      </RowTooltip>
    </MantineProvider>,
  );
  return { button: screen.getByRole('button', { name: 'Edit' }), onMouseEnter };
}

describe('RowTooltip', () => {
  it('mounts no tooltip until the pointer first enters its target', () => {
    setup();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.queryByText('Edit user')).not.toBeInTheDocument();
  });

  it('shows the label on hover, hides it on leave, and keeps the target’s own handler and element', async () => {
    const { button, onMouseEnter } = setup();
    fireEvent.mouseEnter(button);
    expect(await screen.findByText('Edit user')).toBeInTheDocument();
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Edit' })).toBe(button);
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByText('Edit user')).not.toBeVisible());
  });
});
