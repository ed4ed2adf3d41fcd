import type { Company } from '@console/contract';
import { ResourcePage } from '../../components/resource';
import { companiesApi } from './api/companies-api';
import { companyColumns } from './components/companies-columns';
import { companyForm } from './components/company-fields';

const recordName = (c: Company) => c.name;

/** /{product}/companies: the companies list with add, edit, delete and exports (spec s.2, s.7). */
export default function CompaniesPage() {
  return (
    <ResourcePage<Company>
      resourceApi={companiesApi}
      title="All companies"
      description="The organisations your staff and clients belong to."
      columns={companyColumns}
      recordName={recordName}
      form={companyForm}
      searchPlaceholder="Search by name, email, phone…"
    />
  );
}
