import { type DataTableExportConfig, fetchDownload, listQueryToSearchParams } from '../../../components/data-table';
import { buildUrl } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth/session';

/**
 * Export of a profile list (activity, sessions) for the picked user: what the list query
 * selects, all pages, fetched with the bearer token. Failures show on the export button.
 */
export function profileListExport(path: (format: string) => string, userId: number | undefined): DataTableExportConfig {
  return {
    exportUrl: (format, query) => buildUrl(path(format), Object.fromEntries(listQueryToSearchParams(query, { userId }))),
    download: (url, context) =>
      fetchDownload(url, { ...context, init: { headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` } } }),
  };
}
