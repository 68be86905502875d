import {
  startProviderServer,
  type ProviderServer,
  type RecordedRequest,
} from '../payments/gateway/support/providerServer';

/**
 * A local Mercado Pago that keeps preapprovals and their debits (authorized payments) the way Mercado Pago's
 * subscription engine reports them, so a test plays its schedule: it creates preapprovals, answers the
 * reads the adapter makes, and the test makes each debit happen (`debit`) as Mercado Pago would on its date.
 */
export type Debit = {
  id: number;
  preapproval_id: string;
  external_reference: string;
  debit_date: string;
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled';
  retry_attempt: number;
  next_retry_date?: string;
  transaction_amount: number;
  payment?: { id: number; status: string; status_detail: string };
};
export type Preapproval = { id: string; external_reference: string; status: string; body: unknown };

export type MercadoPagoServer = ProviderServer & {
  preapprovals: Preapproval[];
  debits: Debit[];
  /** Mercado Pago tries (or retries) a debit: `approved` or a rejection reason, with its next try. */
  debit(
    preapprovalId: string,
    debitDate: string,
    answer: 'approved' | string,
    options?: { retryAttempt?: number; nextRetryDate?: string; final?: boolean },
  ): Debit;
  /** Requests that would move money or change a preapproval (anything but a read). */
  writes(): RecordedRequest[];
};

let nextId = 7_000_000_000;

export async function startMercadoPagoServer(): Promise<MercadoPagoServer> {
  const server = await startProviderServer();
  const preapprovals: Preapproval[] = [];
  const debits: Debit[] = [];
  server.respond((request) => {
    const url = new URL(request.path, 'http://mp.local');
    if (request.method === 'POST' && url.pathname === '/preapproval/') {
      const body = request.body as { external_reference: string };
      const created = {
        id: `2c93808${preapprovals.length}a1b2c3d4e5f60718293a4b5c`,
        external_reference: body.external_reference,
        status: 'authorized',
        body,
      };
      preapprovals.push(created);
      return { status: 201, body: { ...created, body: undefined } };
    }
    if (request.method === 'PUT' && url.pathname.startsWith('/preapproval/')) {
      const found = preapprovals.find((p) => p.id === url.pathname.slice('/preapproval/'.length));
      if (!found) return { status: 404, body: { message: 'not found', status: 404 } };
      found.status = (request.body as { status: string }).status;
      return { status: 200, body: { id: found.id, status: found.status } };
    }
    if (url.pathname === '/preapproval/search') {
      const reference = url.searchParams.get('external_reference');
      return {
        status: 200,
        body: {
          results: preapprovals
            .filter((p) => p.external_reference === reference)
            .map(({ body: _b, ...p }) => p),
        },
      };
    }
    if (request.method === 'GET' && url.pathname.startsWith('/preapproval/')) {
      const found = preapprovals.find((p) => p.id === url.pathname.slice('/preapproval/'.length));
      if (!found) return { status: 404, body: { message: 'not found', status: 404 } };
      const { body: _b, ...preapproval } = found;
      return { status: 200, body: preapproval };
    }
    if (url.pathname === '/authorized_payments/search') {
      const id = url.searchParams.get('preapproval_id');
      return { status: 200, body: { results: debits.filter((debit) => debit.preapproval_id === id) } };
    }
    if (url.pathname.startsWith('/authorized_payments/')) {
      const found = debits.find(
        (debit) => String(debit.id) === url.pathname.slice('/authorized_payments/'.length),
      );
      return found
        ? { status: 200, body: found }
        : { status: 404, body: { message: 'not found', status: 404 } };
    }
    // A preapproval's debits make payments of their own; this Mercado Pago does not copy the reference onto
    // them, so only the preapproval leads to our payment.
    if (url.pathname === '/v1/payments/search') return { status: 200, body: { results: [] } };
    return { status: 404, body: { message: 'no route', status: 404 } };
  });
  return {
    ...server,
    preapprovals,
    debits,
    debit(preapprovalId, debitDate, answer, options = {}) {
      const preapproval = preapprovals.find((p) => p.id === preapprovalId);
      if (!preapproval) throw new Error(`no preapproval ${preapprovalId}`);
      let debit = debits.find(
        (d) => d.preapproval_id === preapprovalId && d.debit_date.startsWith(debitDate),
      );
      if (!debit) {
        debit = {
          id: nextId++,
          preapproval_id: preapprovalId,
          external_reference: preapproval.external_reference,
          debit_date: `${debitDate}T09:00:00.000-04:00`,
          status: 'scheduled',
          retry_attempt: 0,
          transaction_amount: (preapproval.body as { auto_recurring: { transaction_amount: number } })
            .auto_recurring.transaction_amount,
        };
        debits.push(debit);
      }
      const approved = answer === 'approved';
      debit.retry_attempt = options.retryAttempt ?? debit.retry_attempt;
      debit.status = approved ? 'processed' : options.final ? 'cancelled' : 'recycling';
      if (options.nextRetryDate) debit.next_retry_date = `${options.nextRetryDate}T09:00:00.000-04:00`;
      else delete debit.next_retry_date;
      debit.payment = {
        id: nextId++,
        status: approved ? 'approved' : 'rejected',
        status_detail: approved ? 'accredited' : answer,
      };
      return debit;
    },
    writes: () => server.requests.filter((request) => request.method !== 'GET'),
  };
}
