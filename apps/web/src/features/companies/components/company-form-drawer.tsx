import { type Company, companyInputSchema, ERROR_MESSAGES } from '@console/contract';
import { Drawer } from '@mantine/core';
import { useMemo } from 'react';
import { FormBuilder, type FormValues } from '../../../components/form-builder';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useStoredFileUrl } from '../../../lib/stored-file';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';
import { companyFormData, COMPANY_FIELDS, companyToFormValues } from './company-fields';

export type CompanyEditorState = { opened: boolean; company: Company | null; session: number };

/** Add (company null) or edit a company in a side drawer. */
export function CompanyFormDrawer({ state, onClose }: { state: CompanyEditorState; onClose: () => void }) {
  const { company } = state;
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const initialValues = useMemo(() => companyToFormValues(company), [company]);
  // The edit form previews the current logo; the file route needs the bearer token.
  const logoUrl = useStoredFileUrl(company?.logo, { thumb: true });

  const onSubmit = async (values: FormValues) => {
    const body = companyFormData(values, initialValues);
    try {
      const result = company ? await update.mutateAsync({ id: company.id, body }) : await create.mutateAsync(body);
      toast.success(result.message || (company ? 'Company updated' : 'Company added'));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, ERROR_MESSAGES.generic));
      // The form puts the server's field errors under their fields and focuses the first.
      throw error;
    }
  };

  const title = company ? `Edit ${company.name}` : 'Add company';
  return (
    <Drawer
      opened={state.opened}
      onClose={onClose}
      title={title}
      position="right"
      size="md"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // A portalled <header> would be a second page banner landmark (axe: landmark-unique).
      attributes={{ header: { role: 'none' } }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <FormBuilder
        key={state.session}
        aria-label={title}
        fields={COMPANY_FIELDS}
        schema={companyInputSchema}
        initialValues={initialValues}
        submitLabel={company ? 'Save changes' : 'Add company'}
        onCancel={onClose}
        onSubmit={onSubmit}
        resolveFileUrl={(path) => (path === company?.logo ? (logoUrl ?? '') : '')}
        resolveFileName={(path) => (path === company?.logo ? company.logoName : null)}
      />
    </Drawer>
  );
}
