import { randomUUID } from 'node:crypto';
import { json } from '../../support/http';
import { postJson } from '../../support/testRuntime';
import {
  loadLeadsCatalogue,
  startLoggingRuntime,
  type LoggingRuntime,
} from '../../leads/support/leadsFixture';

/** The buyer every purchase suite sends: one Chilean person whose RUT and phone pass the edition's rules. */
export const BUYER = {
  nombre: 'Camila Rojas',
  rut: '12.345.678-5',
  email: 'camila.rojas@example.com',
  telefono: '+56 9 8765 4321',
};

/**
 * The insured a purchase suite prices for: one man of 35 (002-2.08: a sale is priced for a profile, never
 * at the card's 'Desde').
 */
export const ONE_PERSON = { cotizante: [{ sexo: 'Masculino', edad: 35 }], cargas: [] };

/** A purchase suite's runtime: the real one with the leads fixture's catalogue, and an admin's token. */
export interface PurchaseRuntime {
  runtime: LoggingRuntime;
  url: string;
  admin: string;
}

export async function startPurchaseRuntime(): Promise<PurchaseRuntime> {
  const runtime = await startLoggingRuntime();
  await loadLeadsCatalogue(runtime);
  const login = await postJson(`${runtime.url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' });
  return { runtime, url: runtime.url, admin: (await json(login)).token };
}

/** Starts the runtime before the suite's tests (handing it to `started`) and stops it after them. */
export function startedForSuite(started: (suite: PurchaseRuntime) => void) {
  let suite: PurchaseRuntime | undefined;
  beforeAll(async () => {
    suite = await startPurchaseRuntime();
    started(suite);
  });
  afterAll(async () => {
    await suite?.runtime.dispose();
  });
}

/** POST /api/compra-online/ventas for the buyer, in a new session; `body` adds or replaces fields. */
export const startSaleOf = (url: string, body: Record<string, unknown>) =>
  postJson(`${url}/api/compra-online/ventas`, {
    session: randomUUID(),
    ...BUYER,
    profile: ONE_PERSON,
    ...body,
  });

/** A console read with the admin's token. */
export const adminGetOf = async (url: string, admin: string, path: string) =>
  json(await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${admin}` } }));
