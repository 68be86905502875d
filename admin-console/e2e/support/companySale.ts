import { randomUUID } from 'node:crypto';
import { rutCheckDigit } from '@cubre/schemas/identification';
import { isCompanyProduct } from '@cubre/schemas/payments/companyPurchase';
import type { StorefrontSession } from '../../../web-storefront/e2e/support/session';
import { postJson } from '../../../services/test/support/testRuntime';
import { companyPolicySettled } from '../../../services/test/payments/support/companySale';
import type { newPerson } from './console';
import { startDemoSale } from './sales';

/**
 * A company's sale of the demo catalogue, started and paid over the API (issues 14 and 15): what the
 * console's company tests (the sale page, the buyer's invitation) start from.
 */
export const WORKERS = 10;
const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
export const COMPANY = {
  rut: rut(77_214_380),
  razonSocial: 'Panadería El Trigal SpA',
  giro: 'Elaboración de productos de panadería',
  direccion: 'Los Aromos 455',
  comuna: 'Ñuñoa',
};
export const COLLABORATORS = Array.from({ length: WORKERS }, (_, index) => ({
  name: ['Ana', 'Luis', 'Marta', 'Jorge', 'Rosa'][index % 5]!,
  paternalSurname: ['Fuentes', 'Araya', 'Tapia'][index % 3]!,
  legalId: rut(17_000_000 + index * 7919),
  birthDate: `19${80 + index}-03-11`,
  gender: index % 2 === 0 ? 'Femenino' : 'Masculino',
  email: `persona${index}@eltrigal.cl`,
}));

/** A company product of the demo catalogue sold online with a price for ten workers, its sale started. */
export async function startCompanySale(session: StorefrontSession, buyer: ReturnType<typeof newPerson>) {
  const sale = await startDemoSale(session.runtime, isCompanyProduct, {
    ...buyer,
    profile: { colectivo: { cantidadempleados: WORKERS } },
    company: COMPANY,
    collaborators: COLLABORATORS,
  });
  if (!sale) throw new Error('no company product of the demo catalogue is sold online with a price for ten');
  return sale;
}

/** Paid with the sandbox's approved card; then until the reactor's policy is in the console's read models. */
export async function payCompanySale(
  session: StorefrontSession,
  sale: { id: string; amount: { amount: number; currency: string } },
  name: string,
) {
  const { url } = session.runtime;
  const tokenized = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: { name, number: '5451951574925480', expiryMonth: '12', expiryYear: '30', cvv: '123' },
    totalAmount: sale.amount.amount,
    currency: sale.amount.currency,
  });
  expect(tokenized.status).toBe(201);
  const { token } = (await tokenized.json()) as { token: string };
  const paid = await postJson(
    `${url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(paid.status).toBeLessThan(300);
  await companyPolicySettled(session.runtime);
}
