import { Badge } from '@mantine/core';

/** Active / inactive, for every list with a status. The dot variant keeps body-text contrast in both colour schemes. */
export function StatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return (
    // min-width keeps a squeezed table column from cutting the label to "Act…".
    <Badge color={active ? 'teal' : 'gray'} variant="dot" radius="sm" tt="none" fw={600} style={{ minWidth: 'max-content' }}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
