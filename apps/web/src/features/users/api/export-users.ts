import { ADMIN_API_PATHS } from '@console/contract';
import { type DataTableExportConfig, exportErrorMessage, fetchDownload, listQueryToSearchParams } from '../../../components/data-table';
import { toast } from '../../../components/ui/toast';
import { buildUrl } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth/session';
import type { UserFilters } from '../components/user-filters';

/**
 * GET /users/export/:format of what the list selects: search, sort and the toolbar filters,
 * all pages; dates in the browser's time zone (spec s.9).
 */
export function usersExport(filters: UserFilters): DataTableExportConfig {
  return {
    exportUrl: (format, query) =>
      buildUrl(
        ADMIN_API_PATHS.users.export(format),
        Object.fromEntries(listQueryToSearchParams(query, { ...filters, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })),
      ),
    download: (url, context) =>
      fetchDownload(url, { ...context, init: { headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` } } }),
    onError: (format) => toast.error(exportErrorMessage(format)),
  };
}
