import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, useEffect, useRef, useState } from 'react';

type HoverHandlers = {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
};

export type RowTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'events'> & {
  /** One element that takes mouse handlers (an ActionIcon, a Text). */
  children: ReactElement<HoverHandlers>;
};

/**
 * A hover tooltip for table rows: Mantine's Tooltip (same look, delay and arrow), mounted only
 * once the pointer first enters its target. Every mounted Tooltip runs floating-ui (position,
 * layout effects) even while closed: three per row made a 500-row list spend seconds on tooltips
 * nobody had pointed at. The target element is never re-created (the tooltip points at it), so a
 * click or focus on it is not disturbed.
 */
export function RowTooltip({ children, openDelay = 0, closeDelay = 0, ...props }: RowTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (open: boolean, delay: number) => {
    clearTimeout(timer.current);
    if (delay > 0) timer.current = setTimeout(() => setOpened(open), delay);
    else setOpened(open);
  };
  const child = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      setTarget(event.currentTarget);
      schedule(true, openDelay);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseLeave?.(event);
      schedule(false, closeDelay);
    },
  });
  return (
    <>
      {child}
      {target ? <Tooltip {...props} target={target} opened={opened} /> : null}
    </>
  );
}
