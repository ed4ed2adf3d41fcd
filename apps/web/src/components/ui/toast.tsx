import { TOAST_DEFAULTS, type ToastType } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { requestToastHost } from './toast-root';

/** Spec s.3 "Toast": id, type, message, duration, position (title is optional extra). */
type ToastOptions = {
  id?: string;
  type?: ToastType;
  title?: ReactNode;
  message: ReactNode;
  /** ms; 0 keeps the toast until dismissed. Defaults: 5000, loading 0. */
  duration?: number;
  position?: 'top-left' | 'top-right' | 'top-center' | 'bottom-left' | 'bottom-right' | 'bottom-center';
};

const LOOK: Record<ToastType, { color: string; icon?: ReactNode }> = {
  success: { color: 'teal', icon: <IconCheck size={18} aria-hidden /> },
  error: { color: 'red', icon: <IconX size={18} aria-hidden /> },
  warning: { color: 'orange', icon: <IconAlertTriangle size={18} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} aria-hidden /> },
  loading: { color: 'brand' },
};

let counter = 0;

function show(options: ToastOptions): string {
  const type = options.type ?? TOAST_DEFAULTS.type;
  counter += 1;
  const id = options.id ?? `toast-${Date.now()}-${counter}`;
  const duration = options.duration ?? (type === 'loading' ? 0 : TOAST_DEFAULTS.duration);
  const look = LOOK[type];
  requestToastHost();
  notifications.show({
    id,
    title: options.title,
    message: options.message,
    color: look.color,
    icon: look.icon,
    loading: type === 'loading',
    // A loading toast stays until the code waiting on it dismisses it.
    autoClose: duration > 0 ? duration : false,
    withCloseButton: type !== 'loading',
    closeButtonProps: { 'aria-label': 'Close notification' },
    position: options.position ?? TOAST_DEFAULTS.position,
    // Mantine's dimmed description (#868e96) is below 4.5:1 on white: use the body text colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-toast-type': type,
  });
  return id;
}

type Shorthand = (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'type'>) => string;
const typed =
  (type: ToastType): Shorthand =>
  (message, options) =>
    show({ ...options, type, message });

/** The one toast API of the console: Mantine notifications with the spec's defaults. */
export const toast = {
  show,
  success: typed('success'),
  error: typed('error'),
  warning: typed('warning'),
  info: typed('info'),
  loading: typed('loading'),
  /** Fades out (300 ms, set on <Notifications>) and removes. */
  dismiss: (id: string) => notifications.hide(id),
  clear: () => notifications.clean(),
};
