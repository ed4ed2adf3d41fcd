import { ActionIcon } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

export const DEFAULT_HELP_URL = '/docs';

/** The help icon of spec s.2: a link to the field's documentation, in a new tab. */
export function FieldHelp({ label, helpUrl }: { label: string; helpUrl?: string }) {
  return (
    <ActionIcon
      component="a"
      href={helpUrl || DEFAULT_HELP_URL}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`Help for ${label} (opens in a new tab)`}
      title={`Help for ${label}`}
    >
      <IconHelpCircle size={16} aria-hidden />
    </ActionIcon>
  );
}
