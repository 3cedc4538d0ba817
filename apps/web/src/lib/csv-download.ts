import { roleResponseSchema } from '@keymarket/contracts/users';
import { API_BASE_URL, apiClient } from './api-client';

type ExportQuery = Record<string, string | number | undefined>;

/** The address of a list's CSV export (DESIGN.md §10): the list's filters and `format=csv`. */
export function csvExportUrl(path: string, query: ExportQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  search.set('format', 'csv');
  return `${API_BASE_URL}${path}?${search.toString()}`;
}

/**
 * Downloads a list's export as a file. The browser fetches it through a plain link, so it is
 * streamed to disk under the server's dated file name instead of being held in the page's
 * memory; a link cannot renew an expired session though, so a cheap authenticated read goes
 * first (the API client refreshes the session on its 401, or leads to the sign-in page).
 */
export async function downloadCsv(path: string, query: ExportQuery): Promise<void> {
  await apiClient.get('/users/me/role', roleResponseSchema);
  const link = document.createElement('a');
  link.href = csvExportUrl(path, query);
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
