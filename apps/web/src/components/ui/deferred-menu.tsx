import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, type PointerEvent, type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

type TargetHandlers = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

export type DeferredMenuProps = Omit<MenuProps, 'opened' | 'onChange' | 'children'> & {
  /** The button that opens the menu (one element). */
  target: ReactElement<TargetHandlers>;
  /** The dropdown's items. */
  children: ReactNode;
};

/**
 * A Mantine Menu that is set up when the user turns to it; until then its target is the plain
 * button. A mounted Menu runs floating-ui and a portal, and both set state while the page's first
 * commit runs. That made React render the whole top bar again at once and run every effect of the
 * page in the same long task, on every signed-in page (the profile menu) and every list (the
 * column chooser): Lighthouse mobile, issue 17. Setting it up once the page was idle only moved
 * that work into a later task of the load (two menus on a dashboard: 14-19 ms each at full speed
 * under Lighthouse's trace, and the button replaced), so nothing sets it up unasked.
 *
 * A mouse over the button or focus on it sets the menu up at once, so it is ready for the click;
 * a click before then (a touch) sets it up and opens it. Setting up replaces the button's element,
 * so focus is put back on the new one; a press under way is left to its click (a press that began
 * on the old element and ended on the new one would be no click). The menu opens after it is set
 * up, not with it: Mantine's dropdown notes what to give the focus back to when it opens, and only
 * on a change of its `opened`.
 */
export function DeferredMenu({ target, children, ...menuProps }: DeferredMenuProps) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const host = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  const pressed = useRef(false);
  const openWhenArmed = useRef(false);

  useLayoutEffect(() => {
    if (!armed) return;
    if (hadFocus.current) host.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus();
    hadFocus.current = false;
    if (openWhenArmed.current) setOpened(true);
    openWhenArmed.current = false;
  }, [armed]);

  const arm = (open: boolean) => {
    hadFocus.current = host.current?.contains(document.activeElement) ?? false;
    openWhenArmed.current = open;
    setArmed(true);
  };

  return (
    // display: contents: the wrapper takes no box, so the layout is the target's own.
    <span ref={host} style={{ display: 'contents' }}>
      {armed ? (
        <Menu {...menuProps} opened={opened} onChange={setOpened}>
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown>{children}</Menu.Dropdown>
        </Menu>
      ) : (
        cloneElement(target, {
          // What Menu.Target says of a closed menu's button.
          'aria-haspopup': 'menu',
          'aria-expanded': false,
          // A touch enters the button as it presses it: its click sets the menu up. At once, not
          // at the pointer event's own priority (a later task): a press that came first would
          // begin on this element and end on the menu's, and be no click.
          onPointerEnter: (event) => {
            if (event.pointerType === 'mouse' && !pressed.current) flushSync(() => arm(false));
          },
          onPointerDown: () => {
            pressed.current = true;
          },
          // A press focuses the button first: its click sets the menu up, not the focus.
          onFocus: () => {
            if (!pressed.current) arm(false);
          },
          onClick: () => arm(true),
        })
      )}
    </span>
  );
}
