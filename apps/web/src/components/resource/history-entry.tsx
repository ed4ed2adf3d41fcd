import type { ChangeHistoryEntry } from '@console/contract';
import { Alert, Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatTimestamp } from '../../lib/formatters';
import { actorLabel, changeLabel, describeAction, formatValue, humaniseField, isRevertible, visibleChanges } from './history-format';
import { type HistoryResource, useRevertChange } from './use-history';

const ACTION_COLORS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red', revert: 'orange' };

/** The fields a change touched, one per line: 'Name' over 'Ada → Grace'; long values wrap. */
function ChangeDiff({ entry, collapseAfter }: { entry: Pick<ChangeHistoryEntry, 'changes'>; collapseAfter?: number }) {
  const [expanded, setExpanded] = useState(false);
  const all = visibleChanges(entry);
  // Collapse only when it hides at least two fields: a button for one more line saves nothing.
  const collapsed = !expanded && collapseAfter !== undefined && all.length > collapseAfter + 1;
  const changes = collapsed ? all.slice(0, collapseAfter) : all;
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changes to show (passwords, keys and tokens are never shown).
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Changed fields">
      {changes.map((c) => (
        <li key={c.field} data-field={c.field}>
          <Text size="xs" fw={600} c="dimmed">
            {humaniseField(c.field)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            <Text span inherit c="dimmed" data-side="before">
              {formatValue(c.before)}
            </Text>
            {' → '}
            <Text span inherit fw={600} data-side="after">
              {formatValue(c.after)}
            </Text>
          </Text>
        </li>
      ))}
      {collapsed ? (
        <li>
          <Button variant="subtle" size="compact-sm" px={0} onClick={() => setExpanded(true)}>
            Show {all.length - changes.length} more fields
          </Button>
        </li>
      ) : null}
    </Stack>
  );
}

type Props = {
  entry: ChangeHistoryEntry;
  /** The entry's resource (its revert path and key); undefined when the change is not a resource's. */
  resource: HistoryResource | undefined;
  /** The row the change belongs to (entityId as a number), null when it names none. */
  rowId: number | null;
  /** Which row it is, said under the action (the change-history screen; the row's own drawer already says). */
  subject?: string;
  /** Show this many fields and a button for the rest (a creation lists every field); default all. */
  collapseAfter?: number;
};

/**
 * One change: what, who, when, the field-by-field diff, and Revert (confirmed first) for holders
 * of the resource's revert key. A refused revert shows the API's reason and each field that moved
 * on in the entry itself, where the user is looking.
 */
export function HistoryEntry({ entry, resource, rowId, subject, collapseAfter }: Props) {
  const titleId = useId();
  const { allowed, revert, pending, conflict, dismissConflict } = useRevertChange(resource, rowId);
  const what = describeAction(entry);
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={titleId} data-history-id={entry.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Group gap={8} wrap="nowrap" align="center">
              <Box
                aria-hidden
                w={8}
                h={8}
                style={{
                  borderRadius: '50%',
                  flexShrink: 0,
                  background: `var(--mantine-color-${ACTION_COLORS[entry.action] ?? 'grape'}-6)`,
                }}
              />
              <Title order={3} fz="sm" fw={650} id={titleId}>
                {what}
              </Title>
            </Group>
            {subject ? (
              <Text size="sm" fw={600}>
                {subject}
              </Text>
            ) : null}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {actorLabel(entry)}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time> · {changeLabel(entry.id)}
            </Text>
          </Stack>
          {allowed && isRevertible(entry) ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              loading={pending}
              onClick={() => void revert(entry)}
              aria-label={`Revert ${changeLabel(entry.id)}`}
              style={{ flexShrink: 0 }}
            >
              Revert
            </Button>
          ) : null}
        </Group>
        <ChangeDiff entry={entry} collapseAfter={collapseAfter} />
        {conflict ? (
          <Alert
            color="red"
            variant="light"
            title={`Change #${entry.id} was not reverted`}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismissConflict}
            role="alert"
          >
            <Stack gap={6}>
              <Text size="sm">{conflict.message}</Text>
              {conflict.lines.length > 0 ? (
                <List size="sm" spacing={2}>
                  {conflict.lines.map((line) => (
                    <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
                      {line}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
