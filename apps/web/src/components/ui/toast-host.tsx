import { TOAST_DEFAULTS } from '@console/contract';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container with the spec's defaults (top-right, 5000 ms, 300 ms fade). */
export default function ToastHost() {
  return (
    <Notifications
      position={TOAST_DEFAULTS.position}
      autoClose={TOAST_DEFAULTS.duration}
      transitionDuration={TOAST_DEFAULTS.fadeOutMs}
      zIndex={1000}
      limit={5}
    />
  );
}
