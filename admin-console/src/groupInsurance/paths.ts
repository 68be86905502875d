/**
 * The addresses and names of group insurance's files under /api/admin, pure (unit-tested alone).
 */
import type { BulkFileFormat, BulkKind } from './lists';

/** The file name a download is saved as: the server's Content-Disposition, else `fallback`. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Badly encoded: the plain name below, or the fallback.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1];
  return plain?.trim() || fallback;
}

export const templatePath = (kind: BulkKind, format: BulkFileFormat) =>
  `/bulk-loads/template?${new URLSearchParams({ kind, format })}`;

export const reportPath = (bulkLoadId: string) => `/bulk-loads/${encodeURIComponent(bulkLoadId)}/report`;

/** The export with the list's filters and order, as the list sends them (ra-data-simple-rest's shape). */
export function exportPath(filter: Record<string, unknown>, sort: { field: string; order: string }): string {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify([sort.field, sort.order]),
  });
  return `/employees/export?${query}`;
}
