import type { Company } from '@console/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useSession } from '../../lib/auth/session';
import { companiesExport } from './api/export-companies';
import { COMPANIES_QUERY_KEY, getCompanies } from './api/get-companies';
import { companyColumns } from './components/companies-columns';
import { confirmDelete } from '../../components/ui/alert-dialog';
import { type CompanyEditorState, CompanyFormDrawer } from './components/company-form-drawer';
import { useCompanyDelete, useCompanyPermissions } from './components/use-company-actions';

/** /{product}/companies: the companies list with add, edit, delete and exports (spec s.2, s.7). */
export default function CompaniesPage() {
  const session = useSession();
  const can = useCompanyPermissions();
  const { deleteOne, deleteMany } = useCompanyDelete();
  const [editor, setEditor] = useState<CompanyEditorState>({ opened: false, company: null, session: 0 });

  const openEditor = useCallback((company: Company | null) => {
    setEditor((prev) => ({ opened: true, company, session: prev.session + 1 }));
  }, []);
  const closeEditor = useCallback(() => setEditor((prev) => ({ ...prev, opened: false })), []);

  const columns = useMemo(
    () =>
      companyColumns({
        onEdit: can.update ? openEditor : undefined,
        onDelete: can.remove ? deleteOne : undefined,
      }),
    [can.update, can.remove, openEditor, deleteOne],
  );

  const bulk = can.remove ? { onBulkDelete: deleteMany, onConfirmDelete: confirmDelete } : {};

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            All companies
          </Title>
          <Text c="dimmed" size="sm">
            The organisations your staff and clients belong to.
          </Text>
        </div>
        {can.create ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
            Add company
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<Company>
          tableId="companies"
          userId={session?.user.id ?? session?.user.email}
          label="Companies"
          columns={columns}
          queryKey={COMPANIES_QUERY_KEY}
          queryFn={getCompanies}
          getRecordLabel={(c) => c.name}
          searchLabel="Search companies"
          searchPlaceholder="Search by name, email, phone…"
          noRecordsText="No companies found"
          pinLastColumn={can.update || can.remove}
          exports={can.exportList ? companiesExport : undefined}
          {...bulk}
        />
      </Paper>

      <CompanyFormDrawer state={editor} onClose={closeEditor} />
    </Stack>
  );
}
