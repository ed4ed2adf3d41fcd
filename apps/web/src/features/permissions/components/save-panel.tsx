import { Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import classes from './permissions.module.css';

type Props = { changes: number; saving: boolean; onDiscard: () => void; onSave: () => void };

/** Unsaved-changes count, Discard and Save; sits above the preview, which stays in view while the matrix scrolls. */
export function SavePanel({ changes, saving, onDiscard, onSave }: Props) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <Box role="status" aria-live="polite">
          {changes > 0 ? (
            <Badge color="orange" variant="light" size="lg" radius="sm" tt="none" classNames={{ label: classes.changes }}>
              {changes} unsaved {changes === 1 ? 'change' : 'changes'}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              All changes saved
            </Text>
          )}
        </Box>
        <Group gap="sm">
          <Button variant="default" onClick={onDiscard} disabled={changes === 0 || saving}>
            Discard
          </Button>
          <Button onClick={onSave} disabled={changes === 0} loading={saving} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
            Save changes
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
