import './test-setup';
import { ActionIcon, MantineProvider, Text } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowTooltip } from './row-tooltip';

function setup(onPointerEnter = vi.fn(), onClick = vi.fn()) {
  render(
    <MantineProvider>
      <RowTooltip label="Edit user" withinPortal={false}>
        <ActionIcon aria-label="Edit" onPointerEnter={onPointerEnter} onClick={onClick}>
          e
        </ActionIcon>
      </RowTooltip>
      <RowTooltip label="Beyond your role" withinPortal={false}>
        <Text component="span" tabIndex={0} role="img" aria-label="Locked">
          l
        </Text>
      </RowTooltip>
      <button type="button">elsewhere</button>
    </MantineProvider>,
  );
  return {
    button: screen.getByRole('button', { name: 'Edit' }),
    hint: screen.getByRole('img', { name: 'Locked' }),
    elsewhere: screen.getByRole('button', { name: 'elsewhere' }),
    onPointerEnter,
    onClick,
  };
}

/** Closed and its exit transition over (jsdom runs Mantine's transitions on timers). */
const closed = (label: string) =>
  waitFor(() => expect(screen.getByText(label).closest('[role="tooltip"]') ?? screen.getByText(label)).toHaveStyle({ display: 'none' }));
const mouse = { pointerType: 'mouse' };
const touch = { pointerType: 'touch' };

describe('RowTooltip', () => {
  it('mounts no tooltip until the pointer first enters its target', () => {
    setup();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.queryByText('Edit user')).not.toBeInTheDocument();
  });

  it('shows the label on hover, hides it on leave, and keeps the target’s own handler and element', async () => {
    const { button, onPointerEnter } = setup();
    fireEvent.pointerEnter(button, mouse);
    expect(await screen.findByText('Edit user')).toBeInTheDocument();
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Edit' })).toBe(button);
    fireEvent.pointerLeave(button, mouse);
    await waitFor(() => expect(screen.queryByText('Edit user')).not.toBeVisible());
  });

  it('closes the label when the button is pressed, so it does not stay over what the press opens', async () => {
    const { button, onClick } = setup();
    fireEvent.pointerEnter(button, mouse);
    await waitFor(() => expect(screen.getByText('Edit user')).toBeVisible());
    fireEvent.pointerDown(button, mouse);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Edit user')).not.toBeVisible());
  });

  it('shows no label for a tap on a button (a finger does not hover)', async () => {
    const { button, onClick } = setup();
    // what a phone sends for a tap: the pointer events, then the compatibility mouse events
    fireEvent.pointerEnter(button, touch);
    fireEvent.pointerDown(button, touch);
    fireEvent.pointerUp(button, touch);
    fireEvent.pointerLeave(button, touch);
    fireEvent.mouseEnter(button);
    fireEvent.mouseDown(button);
    fireEvent.mouseUp(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    // longer than any open delay
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('Edit user')).not.toBeInTheDocument();
  });

  it('opens a hint on tap and closes it at a tap elsewhere', async () => {
    const { hint, elsewhere } = setup();
    fireEvent.pointerEnter(hint, touch);
    fireEvent.pointerDown(hint, touch);
    await waitFor(() => expect(screen.getByText('Beyond your role')).toBeVisible());
    fireEvent.pointerDown(elsewhere, touch);
    await closed('Beyond your role');
  });

  it('closes a hint at a second tap on it', async () => {
    const { hint } = setup();
    fireEvent.pointerDown(hint, touch);
    await waitFor(() => expect(screen.getByText('Beyond your role')).toBeVisible());
    fireEvent.pointerDown(hint, touch);
    await closed('Beyond your role');
  });
});
