import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import { defineLeadRequestCatalogue, LEAD_REQUEST_PRODUCT, leadRequestRate } from './leadRequests';
import { percentile, round } from './stats';
import { ONE_PERSON } from '../../services/test/payments/support/purchaseFixture';

/**
 * Issue 14's `npm run bench -- payments`: the pay call (POST /api/compra-online/ventas/{id}/pagos with an
 * Idempotency-Key, on the embedded sandbox gateway) at 16 concurrent buyers, each paying a sale of its own
 * with a card tokenized just before, as the page does; its replay (the same key again, answered from the
 * stored payment); and the same server's plan request (POST /api/solicitarplans at 32 connections) as the
 * baseline of the same run. Written to bench/results/payments.json.
 */
const SECONDS = 10;
const BUYERS = 16;
const CARD = {
  name: 'Persona de Prueba',
  number: '5451951574925480',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
};

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as any;
  if (response.status >= 300)
    throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return { status: response.status, answer };
}

/** One buyer's purchase up to its payment: a sale and a token (not timed), then the timed pay call. */
async function purchase(url: string, n: number) {
  const { answer: sale } = await post(`${url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: LEAD_REQUEST_PRODUCT,
    profile: ONE_PERSON,
    // The plan's type asks the health declaration of each insured ('Estado de salud', 002-2.08).
    health: [{ preexisting: false, weightKg: 72, heightCm: 174 }],
    nombre: 'Persona de Prueba',
    rut: '12.345.678-5',
    email: `compra.${n}@bench.cubre.cl`,
    telefono: '+56 9 1234 5678',
  });
  const { answer: tokenized } = await post(`${url}/api/sandbox-gateway/tokens`, {
    card: CARD,
    totalAmount: sale.amount.amount,
    currency: sale.amount.currency,
  });
  const key = randomUUID();
  const started = performance.now();
  const { status, answer } = await post(
    `${url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token: tokenized.token },
    { 'Idempotency-Key': key },
  );
  const ms = performance.now() - started;
  if (status !== 201 || answer.payment.state !== 'OK')
    throw new Error(`pay: ${status} ${JSON.stringify(answer)}`);
  return { ms, saleId: sale.id as string, token: tokenized.token as string, key };
}

async function payRate(url: string) {
  const latencies: number[] = [];
  const paid: { saleId: string; token: string; key: string }[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (Date.now() < deadline) {
        const done = await purchase(url, n++);
        latencies.push(done.ms);
        paid.push(done);
      }
    }),
  );
  return {
    figures: {
      /** Whole purchases (sale, token, pay: three calls) completed per second by the buyers together. */
      purchasesPerSecond: round(latencies.length / SECONDS, 1),
      payments: latencies.length,
      p50Ms: round(percentile(latencies, 50), 1),
      p99Ms: round(percentile(latencies, 99), 1),
    },
    paid,
  };
}

/** The same keys again: each answered from the stored payment, the gateway not asked. */
async function replayRate(url: string, paid: { saleId: string; token: string; key: string }[]) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (next < paid.length) {
        const one = paid[next++]!;
        const begun = performance.now();
        const { status } = await post(
          `${url}/api/compra-online/ventas/${one.saleId}/pagos`,
          { token: one.token },
          { 'Idempotency-Key': one.key },
        );
        if (status !== 200) throw new Error(`replay answered ${status}`);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    replaysPerSecond: round(latencies.length / seconds, 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
  };
}

export async function paymentsOnly(dir: string, root: string, log: (line: string) => void) {
  const dataDir = join(dir, 'payments');
  const runtime = await startRuntime(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...GENEROUS_RATE_LIMITS,
    }),
    pino({ level: 'silent' }),
  );
  try {
    await defineLeadRequestCatalogue(runtime.engines.eventStore);
    const head = await runtime.engines.eventStore.headPosition();
    await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: 'product-x' },
      ['catalogue'],
      30_000,
    );
    // The catalogue snapshot follows the read model on its own interval: a first purchase waits for it.
    for (let tries = 0; ; tries++) {
      try {
        await purchase(runtime.url, -1);
        break;
      } catch (error) {
        if (tries > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    log(`payments: lead requests (baseline), then pay calls at ${BUYERS} buyers, ${SECONDS} s each…`);
    const leadRequests = await leadRequestRate(runtime.url, SECONDS);
    const { figures: pay, paid } = await payRate(runtime.url);
    const replay = await replayRate(runtime.url, paid.slice(0, 2000));
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      leadRequests,
      pay,
      replay,
      ratios: {
        payP99OverLeadRequestP99: round(pay.p99Ms / leadRequests.p99Ms, 2),
        replayP99OverPayP99: round(replay.p99Ms / pay.p99Ms, 2),
      },
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'payments.json'), `${JSON.stringify(results, null, 2)}\n`);
    log(JSON.stringify(results, null, 2));
    log('written to bench/results/payments.json');
  } finally {
    await runtime.stop();
  }
}
