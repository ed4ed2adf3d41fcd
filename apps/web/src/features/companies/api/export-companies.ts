import { ADMIN_API_PATHS } from '@console/contract';
import { type DataTableExportConfig, exportErrorMessage, fetchDownload, listQueryToSearchParams } from '../../../components/data-table';
import { toast } from '../../../components/ui/toast';
import { buildUrl } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth/session';

/**
 * GET /companies/export/:format of what the list selects (search and sort, all pages), dates in
 * the browser's time zone (spec s.9). The download goes through fetch so it carries the bearer token.
 */
export const companiesExport: DataTableExportConfig = {
  exportUrl: (format, query) =>
    buildUrl(
      ADMIN_API_PATHS.companies.export(format),
      Object.fromEntries(listQueryToSearchParams(query, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })),
    ),
  download: (url, context) =>
    fetchDownload(url, { ...context, init: { headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` } } }),
  onError: (format) => toast.error(exportErrorMessage(format)),
};
