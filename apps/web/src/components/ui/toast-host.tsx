import { TOAST_DEFAULTS } from '@console/contract';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import classes from './toast-host.module.css';
import { useToastAvoidance } from './use-toast-avoidance';

/**
 * Mantine's toast container with the spec's defaults (top-right, 5000 ms, 300 ms fade), kept
 * off open drawers: a toast over a drawer hid the very fields (and field errors) it was about.
 */
export default function ToastHost() {
  const avoid = useToastAvoidance();
  const style = avoid.mode === 'beside' ? ({ '--toast-right-inset': `${avoid.rightInset}px` } as CSSProperties) : undefined;
  return (
    <Notifications
      // Mantine's Portal does not re-render when its target changes: remount to move the toasts.
      key={avoid.mode === 'over' ? (avoid.slot.dataset.toastSlot ?? 'slot') : 'page'}
      position={TOAST_DEFAULTS.position}
      autoClose={TOAST_DEFAULTS.duration}
      transitionDuration={TOAST_DEFAULTS.fadeOutMs}
      zIndex={1000}
      limit={5}
      className={classes.root}
      style={style}
      data-avoid={avoid.mode}
      // On phones a drawer fills the screen: toasts go inside it, above its form.
      portalProps={avoid.mode === 'over' ? { target: avoid.slot } : undefined}
    />
  );
}
