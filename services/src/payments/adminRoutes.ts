import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { principalOf, requirePermission } from '@cubre/platform/http/guard';
import { invalidRequest } from '@cubre/platform/http/problem';
import {
  allOf,
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  recordNotFound,
  sendPage,
  sortSpecOf,
  stringOf,
  type ListQuery,
  dateRangeOf,
  inListOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { Filter, ReadCollection, ReadDocument, SortSpec } from '@cubre/platform/ports/readStore';
import type { PaymentDocument, SaleDocument } from '@cubre/projections/payments/projection';
import { formatRut } from '@cubre/schemas/identification';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { netOfCharge } from '@cubre/schemas/payments/fees';
import type { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import {
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATES,
  SALE_STATES,
} from '@cubre/schemas/payments/lists';
import { CURRENCIES } from '@cubre/schemas/payments/minorUnits';
import { PaymentParams, SaleParams } from '@cubre/schemas/payments/sales';
import { salesFilterOf, saleInScope, salesScopeOf, type SalesScope } from './scope';
import { paymentsOf, paymentViewOf, salesOf } from './views';
import { saleHistoryOf } from './saleHistory';
import { streamCsv } from '@cubre/platform/http/csvStream';
import { PAYMENT_CSV_COLUMNS, paymentCsvRow, SALE_CSV_COLUMNS, saleCsvRow } from './csvExport';
import type { Principal } from '@cubre/schemas';

/** amountMinor_gte / amountMinor_lte: amounts in the currency's minor unit. */
function amountBetween(filter: Record<string, unknown>): Filter {
  const bound = (key: string) => {
    const value = filter[key];
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    throw invalidRequest([
      {
        field: `filter.${key}`,
        rule: 'format',
        message: 'un entero no negativo (unidad menor de la moneda)',
      },
    ]);
  };
  const from = bound('amountMinor_gte');
  const to = bound('amountMinor_lte');
  return allOf(
    from !== undefined ? { amountMinor: { $gte: from } } : {},
    to !== undefined ? { amountMinor: { $lte: to } } : {},
  );
}

/**
 * The forms a buyer's RUT or document may be stored in for what staff typed: a Chilean RUT is kept formatted
 * (12.345.678-5) and the other editions' documents without dots, whichever way it is typed in the filter.
 */
function rutForms(typed: string): string[] {
  const trimmed = typed.trim();
  return [...new Set([trimmed, formatRut(trimmed), trimmed.replace(/[.\s]/g, '')])];
}

/** The most sales a CLIENT's payments list looks through. */
const MAX_OWN_SALES = 500;

const NEWEST_FIRST: SortSpec = { createdAt: -1, _id: -1 };

/**
 * A list's order: newest first unless the query sorts (its export writes the rows in the same order), ties
 * by `_id` in the sort's own direction, so one index (key, _id) serves it either way, read forwards or
 * backwards, and the export pages through a tie group (most sales PENDING) in that index's order.
 */
function listOrderOf(query: ListQuery): SortSpec {
  if (!query.sort) return NEWEST_FIRST;
  const [key, direction] = Object.entries(sortSpecOf(query))[0]!;
  return key === '_id' ? { _id: direction } : { [key]: direction, _id: direction };
}

/** One page of a list in its order, with the total for Content-Range. */
async function pageOf<T extends ReadDocument>(collection: ReadCollection<T>, find: Filter, query: ListQuery) {
  const sort = listOrderOf(query);
  const [rows, total] = await Promise.all([
    collection.find(find, { sort, ...pageOptions(query) }),
    collection.count(find),
  ]);
  return { rows, total };
}

const SORTABLE = ['id', 'createdAt', 'updatedAt', 'state', 'amountMinor'] as const;
const SALE_FILTERS = [
  'state',
  'paymentMethod',
  'provider',
  'country',
  'organizationCode',
  'productCode',
  'currency',
  'email',
  'rut',
  'session',
  'createdAt_gte',
  'createdAt_lte',
  'amountMinor_gte',
  'amountMinor_lte',
] as const;
/** A bank transfer's reference as staff read it on the bank's line (any case, spaces around). */
function referenceOf(filter: Record<string, unknown>): Filter {
  const value = filter.reference;
  if (value === undefined) return {};
  if (typeof value === 'string' && /^\s*[0-9a-fA-F]{10}\s*$/.test(value))
    return { reference: value.trim().toUpperCase() };
  throw invalidRequest([
    {
      field: 'filter.reference',
      rule: 'format',
      message: 'la referencia de una transferencia: 10 letras o dígitos (0-9, A-F)',
    },
  ]);
}

const PAYMENT_FILTERS = [
  'state',
  'method',
  'provider',
  'saleId',
  'reference',
  'currency',
  'createdAt_gte',
  'createdAt_lte',
  'amountMinor_gte',
  'amountMinor_lte',
] as const;

/** The sales list's filter inside the principal's scope (scope.ts); null when the scope reads none. */
function salesFindOf(principal: Principal, filter: Record<string, unknown>): Filter | null {
  const email = stringOf(filter, 'email');
  const rut = stringOf(filter, 'rut');
  // A lead's sale: the lead's purchase session (the console's lead page asks by it).
  const session = stringOf(filter, 'session');
  const scoped = salesFilterOf(salesScopeOf(principal));
  if (scoped === null) return null;
  return allOf(
    idFilterOf(filter),
    inListOf(filter, 'state', 'state', SALE_STATES),
    inListOf(filter, 'paymentMethod', 'paymentMethod', PAYMENT_METHODS),
    inListOf(filter, 'provider', 'provider', PAYMENT_PROVIDERS),
    inListOf(filter, 'country'),
    inListOf(filter, 'organizationCode'),
    inListOf(filter, 'productCode'),
    inListOf(filter, 'currency', 'currency', CURRENCIES),
    email ? { 'buyer.email': email.trim().toLowerCase() } : {},
    rut ? { 'buyer.rut': { $in: rutForms(rut) } } : {},
    session ? { session: session.trim().toLowerCase() } : {},
    dateRangeOf(filter, 'createdAt'),
    amountBetween(filter),
    scoped,
  );
}

/**
 * A sale as the console lists it: everything the buyer gave, for the staff who work the sale, but the health
 * declaration (health data: one sale's record shows it to staff, `saleDetailOf`).
 */
export const saleRecordOf = (doc: SaleDocument): SaleRecord => {
  const { _id, revision, health: _health, ...rest } = doc;
  return { id: _id, ...rest, revision };
};

/** One sale's record: staff reading every sale (payment:read) also see its health declaration. */
export const saleDetailOf = (doc: SaleDocument, scope: SalesScope): SaleRecord =>
  scope.kind === 'all' ? { ...saleRecordOf(doc), health: doc.health ?? null } : saleRecordOf(doc);
export const paymentRecordOf = (doc: PaymentDocument): PaymentRecord => ({
  ...paymentViewOf(doc),
  saleId: doc.saleId,
  provider: doc.provider,
  gateway: doc.gateway,
  chargeId: doc.chargeId,
  // Documents projected before reversals existed have no field: none asked.
  reversal: doc.reversal
    ? { ...doc.reversal, message: doc.reversal.catalogueCode ? messageFor(doc.reversal.catalogueCode) : null }
    : null,
  staffReason: doc.staffReason ?? null,
  reference: doc.reference ?? null,
  fee: doc.fee ?? null,
  taxOnFee: doc.taxOnFee ?? null,
  net: doc.fee && doc.taxOnFee ? netOfCharge(doc.amount, { fee: doc.fee, taxOnFee: doc.taxOnFee }) : null,
  currency: doc.currency,
  amountMinor: doc.amountMinor,
  updatedAt: doc.updatedAt,
  revision: doc.revision,
});

/**
 * The console's `sales` and `payments` resources (issue 14), read-only here, in ra-data-simple-rest's
 * terms: filters by state, method, provider, organization, product, currency, date and amount (an amount
 * means something in one currency: the console sends the currency with it); newest first; every
 * list and filter served by an index of the projection. Permission `payment:read` (002 §6); each list's
 * CSV export (every row of its filter, scope and order, csvExport.ts) `payment:export`.
 */
export function paymentAdminRoutes(context: AppContext): Router {
  const router = Router();
  const read = requirePermission(context, 'payment:read');
  // The lists' CSV files carry every buyer's personal data: their own permission (002 §6), on the server.
  const exporting = requirePermission(context, 'payment:export');

  /**
   * The payments a principal reads, as a filter on their sales: every payment for staff, none for a company
   * administrator, a CLIENT's own sales' (a person has few: at most MAX_OWN_SALES are looked at).
   */
  async function scopedSaleIds(principal: Principal): Promise<Filter | null> {
    const scope = salesScopeOf(principal);
    if (scope.kind !== 'buyer') return scope.kind === 'all' ? {} : null;
    const own = await salesOf(context.readStore).find(
      { 'buyer.email': scope.email },
      { limit: MAX_OWN_SALES },
    );
    return { saleId: { $in: own.map((sale) => sale._id) } };
  }

  /** The payments list's filter inside the principal's scope; null when the scope reads none. */
  async function paymentsFindOf(
    principal: Principal,
    filter: Record<string, unknown>,
  ): Promise<Filter | null> {
    const ofSales = await scopedSaleIds(principal);
    if (ofSales === null) return null;
    return allOf(
      ofSales,
      idFilterOf(filter),
      inListOf(filter, 'state', 'state', PAYMENT_STATES),
      inListOf(filter, 'method', 'method', PAYMENT_METHODS),
      inListOf(filter, 'provider', 'provider', PAYMENT_PROVIDERS),
      inListOf(filter, 'saleId'),
      referenceOf(filter),
      inListOf(filter, 'currency', 'currency', CURRENCIES),
      dateRangeOf(filter, 'createdAt'),
      amountBetween(filter),
    );
  }

  router.get(
    '/api/admin/sales',
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: SORTABLE, filters: SALE_FILTERS });
      const find = salesFindOf(principalOf(res), query.filter);
      if (find === null) return sendPage(res, 'sales', query, [], 0);
      const { rows, total } = await pageOf(salesOf(context.readStore), find, query);
      sendPage(res, 'sales', query, rows.map(saleRecordOf), total);
    }),
  );

  // The list's CSV (its filter, scope and order, every row): before `/:saleId`, which would take 'export'.
  router.get(
    '/api/admin/sales/export',
    exporting,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: SORTABLE, filters: SALE_FILTERS });
      await streamCsv(res, {
        name: 'ventas.csv',
        collection: salesOf(context.readStore),
        filter: salesFindOf(principalOf(res), query.filter),
        sort: listOrderOf(query),
        columns: SALE_CSV_COLUMNS,
        row: (doc) => saleCsvRow(saleRecordOf(doc)),
      });
    }),
  );

  router.get(
    '/api/admin/sales/:saleId',
    read,
    validated({ params: SaleParams }, async ({ params }, _req, res) => {
      const sale = await salesOf(context.readStore).findOne({ _id: params.saleId });
      const scope = salesScopeOf(principalOf(res));
      if (!sale || !saleInScope(scope, sale)) {
        throw recordNotFound('sales', params.saleId);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(saleDetailOf(sale, scope));
    }),
  );

  // The sale's history (issue 14): its events and its payments', who and when (saleHistory.ts).
  router.get(
    '/api/admin/sales/:saleId/history',
    read,
    validated({ params: SaleParams }, async ({ params }, _req, res) => {
      const sale = await salesOf(context.readStore).findOne({ _id: params.saleId });
      if (!sale || !saleInScope(salesScopeOf(principalOf(res)), sale)) {
        throw recordNotFound('sales', params.saleId);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(await saleHistoryOf(context.eventStore, context.readStore, params.saleId));
    }),
  );

  router.get(
    '/api/admin/payments',
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: SORTABLE, filters: PAYMENT_FILTERS });
      const find = await paymentsFindOf(principalOf(res), query.filter);
      if (find === null) return sendPage(res, 'payments', query, [], 0);
      const { rows, total } = await pageOf(paymentsOf(context.readStore), find, query);
      sendPage(res, 'payments', query, rows.map(paymentRecordOf), total);
    }),
  );

  // The list's CSV (its filter, scope and order, every row): before `/:paymentId`, which would take 'export'.
  router.get(
    '/api/admin/payments/export',
    exporting,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: SORTABLE, filters: PAYMENT_FILTERS });
      await streamCsv(res, {
        name: 'pagos.csv',
        collection: paymentsOf(context.readStore),
        filter: await paymentsFindOf(principalOf(res), query.filter),
        sort: listOrderOf(query),
        columns: PAYMENT_CSV_COLUMNS,
        row: (doc) => paymentCsvRow(paymentRecordOf(doc)),
      });
    }),
  );

  router.get(
    '/api/admin/payments/:paymentId',
    read,
    validated({ params: PaymentParams }, async ({ params }, _req, res) => {
      const payment = await paymentsOf(context.readStore).findOne({ _id: params.paymentId });
      const scope = salesScopeOf(principalOf(res));
      const sale =
        payment && scope.kind === 'buyer'
          ? await salesOf(context.readStore).findOne({ _id: payment.saleId })
          : null;
      if (
        !payment ||
        scope.kind === 'none' ||
        (scope.kind === 'buyer' && !(sale && saleInScope(scope, sale)))
      ) {
        throw recordNotFound('payments', params.paymentId);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(paymentRecordOf(payment));
    }),
  );
  return router;
}
