import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '../../lib/use-query';
import { errorMessage } from '../../lib/api-client';
import { resourcePath } from '../../lib/resource-routes';
import { HelpTopicLink } from '../ui/help-topic-link';
import { RouteLink } from '../ui/route-link';
import { HistoryEntry } from './history-entry';
import { HISTORY_LOAD_ERROR, type HistoryResource, ROW_HISTORY_LIMIT, rowHistoryQuery } from './use-history';
import { MountWhenOpened } from '../ui/mount-when-opened';

/** Fields an entry shows before 'Show N more fields' (a creation lists every field of the row). */
const FIELDS_SHOWN = 6;

/** The row whose history is open: its id and its name for the title. */
export type HistorySubject = { id: number; name: string };

/** 'About change history' (the help topic, in a new tab). */
export const HistoryHelpLink = () => <HelpTopicLink slug="change-history">About change history</HelpTopicLink>;

function HistoryList({ resource, subject }: { resource: HistoryResource; subject: HistorySubject }) {
  const history = useQuery(rowHistoryQuery(resource, subject.id));
  const noun = resource.label.singular.toLowerCase();
  if (history.isPending) {
    return (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading history…</Text>
      </Group>
    );
  }
  if (history.isError) {
    return (
      <Alert color="red" variant="light" title={HISTORY_LOAD_ERROR} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(history.error.cause, 'Try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()} loading={history.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { data: entries, hasMore } = history.data;
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        No changes of this {noun} are recorded yet. Changes are recorded from the moment change history was turned on.
      </Text>
    );
  }
  const allHref = `${resourcePath('change-history')}?resource=${encodeURIComponent(resource.name)}&entityId=${subject.id}`;
  return (
    <Stack gap="sm">
      {entries.map((entry) => (
        <HistoryEntry key={entry.id} entry={entry} resource={resource} rowId={subject.id} collapseAfter={FIELDS_SHOWN} />
      ))}
      {hasMore ? (
        <Text size="sm" c="dimmed">
          The latest {ROW_HISTORY_LIMIT} changes are shown.{' '}
          <RouteLink to={allHref} size="sm" fallback={null}>
            See all of them in Change history
          </RouteLink>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A row's change history in a side drawer (every CRUD screen's History action): each change with
 * who, when, what and its field-by-field diff, newest first, and Revert for holders of the
 * resource's revert key.
 */
export function HistoryDrawer({
  resource,
  subject,
  opened,
  onClose,
}: {
  resource: HistoryResource;
  /** Kept while the drawer closes, so its content does not vanish mid-animation. */
  subject: HistorySubject | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <MountWhenOpened opened={opened}>
      <Drawer
        opened={opened}
        onClose={onClose}
        title={subject ? `History of ${subject.name}` : 'History'}
        position="right"
        size="lg"
        padding="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        // A portalled <header> would be a second page banner landmark (axe: landmark-unique).
        attributes={{ header: { role: 'none' } }}
        styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
      >
        {subject ? (
          <Stack gap="md">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                Every recorded change of this {resource.label.singular.toLowerCase()}, newest first.
              </Text>
              <HistoryHelpLink />
            </Group>
            <HistoryList resource={resource} subject={subject} />
          </Stack>
        ) : null}
      </Drawer>
    </MountWhenOpened>
  );
}
