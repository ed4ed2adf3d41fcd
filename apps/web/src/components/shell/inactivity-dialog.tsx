import { UI_TEXT } from '@console/contract';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { DialogFrame } from '../ui/dialog-frame';

type Props = { opened: boolean; remainingMs: number; windowMs: number; onStay: () => void; onSignOut: () => void };

const mmss = (ms: number) => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

/** Warning before the inactivity sign-out, with a live countdown. Escape counts as "still here". */
export function InactivityDialog({ opened, remainingMs, windowMs, onStay, onSignOut }: Props) {
  const percent = windowMs > 0 ? Math.max(0, Math.min(100, (remainingMs / windowMs) * 100)) : 0;
  return (
    <DialogFrame
      opened={opened}
      onClose={onStay}
      title={UI_TEXT.inactivityTitle}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      zIndex={400}
    >
      <Stack gap="md">
        <Text>{UI_TEXT.inactivityBody}</Text>
        <div>
          <Text size="sm" c="dimmed" aria-live="polite" aria-atomic>
            Signing out in <strong>{mmss(remainingMs)}</strong>
          </Text>
          <Progress value={percent} mt={6} size="sm" color="orange" aria-label="Time left before sign-out" transitionDuration={900} />
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSignOut}>
            {UI_TEXT.signOut}
          </Button>
          <Button data-autofocus onClick={onStay}>
            {UI_TEXT.staySignedIn}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
