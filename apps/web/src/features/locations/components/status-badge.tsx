import { Badge } from '@mantine/core';

/** Active / inactive; the dot variant keeps body-text contrast in both colour schemes. */
export function StatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="dot" radius="sm" tt="none" fw={600} style={{ minWidth: 'max-content' }}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
