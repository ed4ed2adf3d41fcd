import type { Company } from '@console/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export type CompanyRowHandlers = {
  onEdit?: (company: Company) => void;
  onDelete?: (company: Company) => void;
};

/** Edit and delete for one row; each is left out when the user lacks its key. */
export function CompanyRowActions({ company, onEdit, onDelete }: { company: Company } & CompanyRowHandlers) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit ? (
        <Tooltip label="Edit" withArrow openDelay={300}>
          <ActionIcon variant="subtle" aria-label={`Edit ${company.name}`} onClick={() => onEdit(company)}>
            <IconPencil size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label="Delete" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${company.name}`} onClick={() => onDelete(company)}>
            <IconTrash size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
