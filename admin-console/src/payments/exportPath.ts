import { amountFilterToMinor } from './amounts';

/**
 * The server's CSV of the `sales` or `payments` list (GET /api/admin/{resource}/export, payment:export)
 * with the list's filter and order, as the list sends them (ra-data-simple-rest's shape): an amount typed
 * in major units goes in the currency's minor unit, as the data provider sends the list's own (pure,
 * unit-tested alone).
 */
export function paymentsExportPath(
  resource: 'sales' | 'payments',
  filter: Record<string, unknown>,
  sort: { field: string; order: string },
): string {
  const query = new URLSearchParams({
    filter: JSON.stringify(amountFilterToMinor(filter)),
    sort: JSON.stringify([sort.field, sort.order]),
  });
  return `/${resource}/export?${query}`;
}
