import type { ProductDashboard } from '@console/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatTimestamp } from '../../../lib/formatters';

type Change = ProductDashboard['recentChanges'][number];

const ACTION_COLORS: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  export: 'grape',
  grant: 'violet',
  'regenerate-key': 'orange',
  'regenerate-api-key': 'orange',
  'end-session': 'gray',
  'permission-denied': 'yellow',
};

/** 'regenerate-key' -> 'Regenerate key'. */
export function actionLabel(action: string): string {
  const text = action.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * 'user', 'Nina Pictured' -> 'User: Nina Pictured'; without a name 'company', '12' -> 'Company #12'.
 * Entities are stored in kebab-case ('module-permission').
 */
export function entityLabel(change: Pick<Change, 'entity' | 'entityId'> & { targetName?: string | null }): string {
  const name = actionLabel(change.entity);
  if (change.targetName) return `${name}: ${change.targetName}`;
  return change.entityId ? `${name} #${change.entityId}` : name;
}

/** The latest audit entries as an activity feed: what changed, by whom and when. */
export function RecentChanges({ changes, headingId }: { changes: readonly Change[]; headingId: string }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        No changes recorded yet.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {changes.map((change, index) => {
        const time = formatTimestamp(change.createdAt);
        const [date, clock] = time.split(' ');
        return (
          <li key={change.id} style={{ borderTop: index === 0 ? undefined : '1px solid var(--app-border)' }}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={10}>
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                <Badge
                  variant="dot"
                  radius="sm"
                  tt="none"
                  color={ACTION_COLORS[change.action] ?? 'gray'}
                  // A common minimum width lines the entity names up; longer actions keep their full label.
                  miw={84}
                  style={{ flexShrink: 0 }}
                  mt={1}
                >
                  {actionLabel(change.action)}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {entityLabel(change)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    by {change.actorName ?? 'System'}
                  </Text>
                </div>
              </Group>
              <Text size="xs" c="dimmed" ta="right" style={{ flexShrink: 0 }}>
                <time dateTime={change.createdAt}>
                  {clock ? (
                    <>
                      <span style={{ whiteSpace: 'nowrap' }}>{date}</span> <span style={{ whiteSpace: 'nowrap' }}>{clock}</span>
                    </>
                  ) : (
                    time
                  )}
                </time>
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
