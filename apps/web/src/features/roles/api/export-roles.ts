import { ADMIN_API_PATHS } from '@console/contract';
import { type DataTableExportConfig, fetchDownload, listQueryToSearchParams } from '../../../components/data-table';
import { buildUrl } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth/session';

/**
 * GET /roles/export/{format} of what the list query selects (all pages), fetched with the
 * bearer token (a plain link would not carry it). Failures show on the export button itself.
 */
export const rolesExport: DataTableExportConfig = {
  exportUrl: (format, query) => buildUrl(ADMIN_API_PATHS.roles.export(format), Object.fromEntries(listQueryToSearchParams(query))),
  download: (url, context) =>
    fetchDownload(url, { ...context, init: { headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` } } }),
};
