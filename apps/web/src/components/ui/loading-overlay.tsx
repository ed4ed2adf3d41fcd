import { Loader, Stack, Text } from '@mantine/core';
import classes from './loading-overlay.module.css';

/** Full-screen loading overlay (spec s.2 shared parts). Announced politely to screen readers. */
export function LoadingOverlay({ label = 'Loading…', visible = true }: { label?: string; visible?: boolean }) {
  if (!visible) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </div>
  );
}
