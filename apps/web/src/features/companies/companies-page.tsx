import { ResourcePage } from '../../components/resource';
import { companiesApi } from './api/companies-api';
import { companyColumns } from './components/companies-columns';
import { companyForm } from './components/company-fields';

/** /{product}/companies: the companies list with add, edit, delete and exports (spec s.2, s.7). */
export default function CompaniesPage() {
  return (
    <ResourcePage
      resourceApi={companiesApi}
      description="The organisations your staff and clients belong to."
      columns={companyColumns}
      form={companyForm}
      searchPlaceholder="Search by name, email, phone…"
    />
  );
}
