import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import type { SortSpec } from '@cubre/platform/ports/readStore';
import type { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { EXPORT_PAGE, streamCsv } from '@cubre/platform/http/csvStream';
import { majorAmount, paymentCsvRow, saleCsvRow } from '@cubre/services/payments/csvExport';

/**
 * The export's rows (the columns the console's client-side export had) and its paging, alone: the HTTP
 * suite (adminExport.http.test.ts) runs it through the routes.
 */

const payment: PaymentRecord = {
  id: '0b1f6a52-3c39-4d53-9a1b-4a4f5f1f8a01',
  saleId: '5e0c6f7b-2b0a-4d9e-8a55-0c4c7a1d2b33',
  state: 'DECLINED',
  amount: { amount: 1234, currency: 'USD' },
  method: 'tdc',
  catalogueCode: '4007',
  header: 'Tarjeta rechazada',
  message: 'Fondos insuficientes.',
  createdAt: '2026-11-26T10:00:00.000Z',
  provider: 'kushki_ad',
  gateway: 'sandbox',
  chargeId: null,
  reversal: null,
  staffReason: null,
  currency: 'USD',
  amountMinor: 1234,
  updatedAt: '2026-11-26T10:00:01.000Z',
  revision: 2,
};

describe('the CSV rows of sales and payments', () => {
  test('a row carries the amount in major units with its currency, and the refusal message', () => {
    expect(paymentCsvRow(payment)).toMatchObject({
      amount: '12.34',
      currency: 'USD',
      state: 'DECLINED',
      chargeId: '',
      message: 'Fondos insuficientes.',
    });
    const sale: SaleRecord = {
      id: payment.saleId,
      state: 'OK',
      country: 'CL',
      productCode: 'VIDA-L',
      productName: 'Vida',
      organizationCode: 'Seguros-Andes',
      organizationName: 'Seguros Andes',
      buyer: { nombre: 'Camila Rojas', rut: '12.345.678-5', email: 'c@example.cl', telefono: '+56 9 1' },
      amount: { amount: 152_722, currency: 'CLP' },
      amountMinor: 152_722,
      currency: 'CLP',
      formatted: '$152.722',
      paymentMethod: 'tdc',
      provider: 'kushki_ad',
      lastPaymentId: null,
      createdAt: payment.createdAt,
      updatedAt: payment.updatedAt,
      revision: 3,
    };
    expect(saleCsvRow(sale)).toMatchObject({
      amount: '152722',
      currency: 'CLP',
      buyerRut: '12.345.678-5',
      lastPaymentId: '',
    });
    // The console's own conversion (admin-console/src/payments/amounts.ts): exact, no grouping.
    expect(majorAmount({ amount: 5, currency: 'COP' })).toBe('0.05');
    expect(majorAmount({ amount: 100_000_000, currency: 'PEN' })).toBe('1000000.00');
  });
});

/** A response that keeps what is written and is full (write answers false) every few writes. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const headers: Record<string, string> = {};
  const chunks: string[] = [];
  let writes = 0;
  let ended = false;
  const res = Object.assign(emitter, {
    destroyed: false,
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    write(chunk: string) {
      chunks.push(chunk);
      // Full on every other page: the export waits for 'drain' before it reads the next one.
      if (++writes % 2 === 0) {
        setImmediate(() => emitter.emit('drain'));
        return false;
      }
      return true;
    },
    end() {
      ended = true;
    },
    destroy() {
      res.destroyed = true;
      emitter.emit('close');
    },
  });
  return { res: res as unknown as Response, headers, text: () => chunks.join(''), ended: () => ended };
}

/** `count` rows of one instant in a memory store: the export's newest-first order is then `_id`'s. */
async function rowsOfOneInstant(count: number) {
  const store = createMemoryReadStore();
  const docs = store.collection<{ _id: string; createdAt: string }>('rows');
  for (let i = 0; i < count; i++)
    await docs.upsert({ _id: `row-${String(i).padStart(5, '0')}`, createdAt: '2026-11-01T00:00:00Z' });
  return { store, docs };
}

/** Streams those rows' ids newest first into `res`. */
const exportIds = (
  res: Response,
  docs: Awaited<ReturnType<typeof rowsOfOneInstant>>['docs'],
  idleMs?: number,
) =>
  streamCsv(res, {
    name: 'filas.csv',
    collection: docs,
    filter: {},
    sort: { createdAt: -1, _id: -1 },
    columns: ['id'],
    row: (doc) => ({ id: doc._id }),
    ...(idleMs === undefined ? {} : { idleMs }),
  });

describe('the export pages through the list from the last key written', () => {
  test('rows sharing one key over several pages are each written once, in the list order', async () => {
    const store = createMemoryReadStore();
    const docs = store.collection<{ _id: string; amountMinor: number; createdAt: string }>('rows');
    await docs.createIndex({ amountMinor: 1, _id: 1 });
    await docs.createIndex({ createdAt: -1, _id: -1 });
    const count = 2 * EXPORT_PAGE + 345;
    await store.unitOfWork!(async () => {
      for (let i = 0; i < count; i++) {
        // Three amounts, the middle one held by more than two pages of rows; a few rows per instant.
        const amountMinor = i < 10 ? 1 : i < count - 10 ? 2 : 3;
        const createdAt = new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3)).toISOString();
        await docs.upsert({ _id: `row-${String(i).padStart(5, '0')}`, amountMinor, createdAt });
      }
    });
    for (const sort of [
      { amountMinor: 1, _id: 1 },
      { createdAt: -1, _id: 1 },
    ] as SortSpec[]) {
      const { res, headers, text, ended } = fakeResponse();
      await streamCsv(res, {
        name: 'filas.csv',
        collection: docs,
        filter: {},
        sort,
        columns: ['id'],
        row: (doc) => ({ id: doc._id }),
      });
      expect(ended()).toBe(true);
      expect(headers).toEqual({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="filas.csv"',
        'cache-control': 'no-store',
      });
      const [header, ...lines] = text().split('\r\n');
      expect(header).toBe('\uFEFFid');
      expect(lines.pop()).toBe('');
      const expected = (await docs.find({}, { sort, limit: count })).map((doc) => doc._id);
      expect(expected).toHaveLength(count);
      expect({ sort, lines }).toEqual({ sort, lines: expected });
    }
    await store.close();
  });

  test("behind compression (its 'drain' is the gzip stream's, which res.off cannot reach) one listener serves the whole export", async () => {
    const { store, docs } = await rowsOfOneInstant(5 * EXPORT_PAGE);
    const fake = fakeResponse();
    // As the compression middleware patches it: `on('drain')` goes to the gzip stream, `off` does not.
    const gzip = new EventEmitter();
    const res = fake.res as unknown as EventEmitter;
    const ownOn = res.on.bind(res);
    res.on = (type: string, listener: (...args: unknown[]) => void) =>
      type === 'drain' ? (gzip.on(type, listener), res) : ownOn(type, listener);
    const emit = res.emit.bind(res);
    res.emit = (type: string, ...args: unknown[]) =>
      type === 'drain' ? gzip.emit(type, ...args) : emit(type, ...args);
    await exportIds(fake.res, docs);
    expect(fake.text().split('\r\n')).toHaveLength(5 * EXPORT_PAGE + 2);
    expect(gzip.listenerCount('drain')).toBe(1);
    await store.close();
  });

  test('a client that stops reading but keeps the connection is let go after the idle time, not waited for for ever', async () => {
    const { store, docs } = await rowsOfOneInstant(3 * EXPORT_PAGE);
    const fake = fakeResponse();
    const res = fake.res as unknown as { write(chunk: string): boolean; destroyed: boolean };
    // Full from the first page on, and never drained.
    res.write = () => false;
    await exportIds(fake.res, docs, 50);
    expect(res.destroyed).toBe(true);
    await store.close();
  });

  test('a sort the export cannot resume from is refused before anything is written', async () => {
    const store = createMemoryReadStore();
    const { res, text, headers } = fakeResponse();
    await expect(
      streamCsv(res, {
        name: 'filas.csv',
        collection: store.collection('rows'),
        filter: {},
        sort: { state: 1, createdAt: 1, _id: 1 },
        columns: ['id'],
        row: (doc) => ({ id: doc._id }),
      }),
    ).rejects.toThrow('one key and _id');
    expect([text(), headers]).toEqual(['', {}]);
    await store.close();
  });

  test('a filter that matches nothing (a scope that reads none) is the header alone', async () => {
    const store = createMemoryReadStore();
    const { res, text } = fakeResponse();
    await streamCsv(res, {
      name: 'ventas.csv',
      collection: store.collection('sales'),
      filter: null,
      sort: { createdAt: -1, _id: -1 },
      columns: ['id', 'state'],
      row: (doc) => ({ id: doc._id, state: '' }),
    });
    expect(text()).toBe('\uFEFFid,state\r\n');
    await store.close();
  });
});
