import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type MouseEvent, type PointerEvent, type ReactElement, useEffect, useRef, useState } from 'react';

type TargetHandlers = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
};

export type RowTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'events'> & {
  /** One element that takes pointer handlers (an ActionIcon, a Text). */
  children: ReactElement<TargetHandlers>;
};

/**
 * A hover tooltip for table rows: Mantine's Tooltip (same look, delay and arrow), mounted only
 * once a pointer first enters its target. Every mounted Tooltip runs floating-ui (position,
 * layout effects) even while closed: three per row made a 500-row list spend seconds on tooltips
 * nobody had pointed at. The target element is never re-created (the tooltip points at it), so a
 * click or focus on it is not disturbed.
 *
 * A press closes the label at once: the user is acting on the button, and the label of an
 * "Edit" that opens a drawer must not stay over the drawer. A finger does not hover: a tap on a
 * button shows no label (a phone sent mouseenter with the tap and never a leave, so the label
 * stayed up); a tap on a target that does nothing else (a hint) toggles it.
 */
export function RowTooltip({ children, openDelay = 0, closeDelay = 0, ...props }: RowTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // An open label closes at a press anywhere else: a hint a finger opened gets no leave to close it.
  useEffect(() => {
    if (!opened || !target) return;
    const elsewhere = (event: globalThis.PointerEvent) => {
      if (!target.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', elsewhere, true);
    return () => document.removeEventListener('pointerdown', elsewhere, true);
  }, [opened, target]);

  const schedule = (open: boolean, delay: number) => {
    clearTimeout(timer.current);
    if (delay > 0) timer.current = setTimeout(() => setOpened(open), delay);
    else setOpened(open);
  };
  const own = children.props;
  const isHint = !own.onClick;
  const child = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      setTarget(event.currentTarget);
      schedule(true, openDelay);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      if (event.pointerType !== 'touch') schedule(false, closeDelay);
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      if (event.pointerType === 'touch' && isHint) {
        setTarget(event.currentTarget);
        schedule(!opened, 0);
      } else schedule(false, 0);
    },
  });
  return (
    <>
      {child}
      {target ? <Tooltip {...props} target={target} opened={opened} /> : null}
    </>
  );
}
