import { type ChangeHistoryEntry, RESOURCES, type ResourceName } from '@console/contract';
import { Drawer, Group, Stack, Text } from '@mantine/core';
import { HistoryEntry, HistoryHelpLink, type HistoryResource } from '../../../components/resource';
import { resourceLabel, rowNameOf } from './history-columns';
import { MountWhenOpened } from '../../../components/ui/mount-when-opened';

/** The CRUD resource a change belongs to (its revert path and key), if any. */
export function historyResourceOf(entry: Pick<ChangeHistoryEntry, 'resource'>): HistoryResource | undefined {
  const name = entry.resource as ResourceName | null;
  const resource = name && name in RESOURCES ? RESOURCES[name] : undefined;
  return resource && resource.mode === 'crud' ? resource : undefined;
}

const ROW_ID = /^[1-9]\d{0,9}$/;

/** 'Client #7 (Nova)': the resource, the row and its name when the change carries it. */
function subjectOf(entry: ChangeHistoryEntry): string {
  const name = rowNameOf(entry);
  const row = `${resourceLabel(entry)} #${entry.entityId ?? '?'}`;
  return name ? `${row} (${name})` : row;
}

/** One change of the list in a side drawer: the whole diff, and Revert for holders of its resource's revert key. */
export function EntryDetailsDrawer({
  entry,
  opened,
  onClose,
}: {
  /** Kept while the drawer closes, so its content does not vanish mid-animation. */
  entry: ChangeHistoryEntry | null;
  opened: boolean;
  onClose: () => void;
}) {
  const resource = entry ? historyResourceOf(entry) : undefined;
  const rowId = entry?.entityId && ROW_ID.test(entry.entityId) ? Number(entry.entityId) : null;
  return (
    <MountWhenOpened opened={opened}>
      <Drawer
        opened={opened}
        onClose={onClose}
        title={entry ? `Change #${entry.id}` : 'Change'}
        position="right"
        size="lg"
        padding="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        // A portalled <header> would be a second page banner landmark (axe: landmark-unique).
        attributes={{ header: { role: 'none' } }}
        styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {entry ? (
          <Stack gap="md">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {resource
                  ? 'What this change did, field by field.'
                  : 'What this change did. It is not a change of a list screen, so it cannot be reverted here.'}
              </Text>
              <HistoryHelpLink />
            </Group>
            <HistoryEntry entry={entry} resource={resource} rowId={rowId} subject={subjectOf(entry)} />
          </Stack>
        ) : null}
      </Drawer>
    </MountWhenOpened>
  );
}
