import { ALERT_CLOSE_MS, CONFIRM_TEXT } from '@console/contract';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { DialogFrame } from '../dialog-frame';
import { type AlertIcon, closeAlert, getActiveAlert, subscribeAlerts } from './alert-store';

const ICONS: Record<AlertIcon, { color: string; node: React.ReactNode }> = {
  success: { color: 'teal', node: <IconCheck size={34} /> },
  error: { color: 'red', node: <IconX size={34} /> },
  warning: { color: 'orange', node: <IconAlertTriangle size={34} /> },
  info: { color: 'blue', node: <IconInfoCircle size={34} /> },
};

/** Renders the alert dialog of alert-store. Loaded on first use, so it costs /login nothing. */
export default function AlertHost() {
  const active = useSyncExternalStore(subscribeAlerts, getActiveAlert, getActiveAlert);
  const options = active?.options;
  const id = active?.id ?? 0;

  useEffect(() => {
    if (!active?.opened || !options?.timer) return;
    const timer = setTimeout(() => closeAlert(id, 'confirmed'), options.timer);
    return () => clearTimeout(timer);
  }, [active?.opened, id, options?.timer]);

  const icon = options?.icon ? ICONS[options.icon] : undefined;
  return (
    <DialogFrame
      opened={Boolean(active?.opened)}
      onClose={() => closeAlert(id, 'dismissed')}
      title={options?.title}
      centered={(options?.position ?? 'center') === 'center'}
      withCloseButton={options?.showCloseButton ?? true}
      closeOnClickOutside={options?.allowOutsideClick ?? true}
      closeOnEscape={options?.allowEscapeKey ?? true}
      lockScroll
      transitionProps={{ transition: 'pop', duration: ALERT_CLOSE_MS }}
    >
      {options && (
        <Stack gap="md">
          {icon && (
            <ThemeIcon color={icon.color} variant="light" size={64} radius="xl" mx="auto" aria-hidden>
              {icon.node}
            </ThemeIcon>
          )}
          {options.text && (
            <Text component="div" ta={icon ? 'center' : 'left'}>
              {options.text}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            {options.showCancelButton && (
              <Button variant="default" data-autofocus={options.focusCancel || undefined} onClick={() => closeAlert(id, 'denied')}>
                {options.cancelButtonText ?? CONFIRM_TEXT.cancel}
              </Button>
            )}
            <Button
              data-autofocus={!(options.showCancelButton && options.focusCancel) || undefined}
              color={options.confirmColor}
              onClick={() => closeAlert(id, 'confirmed')}
            >
              {options.confirmButtonText ?? 'OK'}
            </Button>
          </Group>
        </Stack>
      )}
    </DialogFrame>
  );
}
