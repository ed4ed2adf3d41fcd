import '../data-table/test-setup';
import { Button, MantineProvider, Menu } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredMenu } from './deferred-menu';

function setup() {
  const onItem = vi.fn();
  render(
    <MantineProvider>
      <DeferredMenu target={<Button>Account</Button>} withinPortal={false} transitionProps={{ duration: 0 }}>
        <Menu.Item onClick={onItem}>Sign out</Menu.Item>
      </DeferredMenu>
    </MantineProvider>,
  );
  return { button: () => screen.getByRole('button', { name: 'Account' }), onItem };
}

describe('DeferredMenu', () => {
  afterEach(() => vi.useRealTimers());

  it('is a plain button that says it opens a menu, and stays one until a mouse comes over it; then a Mantine menu', async () => {
    vi.useFakeTimers();
    const { button } = setup();
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    const plain = button();
    // Nothing sets it up unasked: not the page going idle, nor time passing.
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(button()).toBe(plain);
    vi.useRealTimers();
    act(() => {
      fireEvent.pointerEnter(plain, { pointerType: 'mouse' });
    });
    // Set up: the button is now the menu's own target element, saying the same.
    expect(button()).not.toBe(plain);
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    fireEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls');
  });

  it('is set up before the next event once a mouse comes over it, so a quick press lands on the menu', async () => {
    const { button } = setup();
    const plain = button();
    // As a browser dispatches it: outside act(), which would flush React's scheduled work at once
    // and hide an update left for a later task.
    const reactEnv = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactEnv.IS_REACT_ACT_ENVIRONMENT;
    reactEnv.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      plain.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
      expect(button()).not.toBe(plain);
    } finally {
      reactEnv.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    fireEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('opens at a click that comes before anything set it up, and its items work', async () => {
    vi.useFakeTimers();
    const { button, onItem } = setup();
    act(() => {
      fireEvent.click(button());
    });
    vi.useRealTimers();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(onItem).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument());
  });

  it('keeps the focus on the button when focus sets the menu up', () => {
    vi.useFakeTimers();
    const { button } = setup();
    const before = button();
    act(() => {
      before.focus();
    });
    expect(button()).not.toBe(before); // the menu's own target element
    expect(document.activeElement).toBe(button());
    // and Enter on it opens the menu (Mantine's target now handles it)
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
  });

  it('leaves a touch to its click: neither its entering nor the focus it gives replaces the button under it', async () => {
    vi.useFakeTimers();
    const { button } = setup();
    const pressedOn = button();
    act(() => {
      fireEvent.pointerEnter(pressedOn, { pointerType: 'touch' });
      fireEvent.pointerDown(pressedOn, { pointerType: 'touch' });
      pressedOn.focus();
    });
    expect(button()).toBe(pressedOn);
    act(() => {
      fireEvent.click(pressedOn);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(document.activeElement).toBe(button());
  });

  it('gives the focus back to its button when closed with Escape, set up by a mouse over it or by the click', async () => {
    for (const first of ['hover', 'click'] as const) {
      vi.useFakeTimers();
      const { button } = setup();
      if (first === 'hover') {
        act(() => {
          fireEvent.pointerEnter(button(), { pointerType: 'mouse' });
        });
        act(() => button().focus());
      } else {
        act(() => {
          fireEvent.pointerDown(button());
          button().focus();
          fireEvent.click(button());
        });
      }
      vi.useRealTimers();
      if (first === 'hover') fireEvent.click(button());
      const item = await screen.findByRole('menuitem', { name: 'Sign out' });
      fireEvent.keyDown(item, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument());
      await waitFor(() => expect(document.activeElement).toBe(button()));
      cleanup();
    }
  });
});
