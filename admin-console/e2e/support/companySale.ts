import { randomUUID } from 'node:crypto';
import type { ProductDefinition } from '@cubre/schemas';
import { rutCheckDigit } from '@cubre/schemas/identification';
import { isCompanyProduct } from '@cubre/schemas/payments/companyPurchase';
import { CATALOGUE_COLLECTIONS, type ProductDocument } from '@cubre/projections/catalogue/documents';
import type { StorefrontSession } from '../../../web-storefront/e2e/support/session';
import { postJson } from '../../../services/test/support/testRuntime';
import type { newPerson } from './console';

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
  const products = await session.runtime.engines.readStore
    .collection<ProductDocument>(CATALOGUE_COLLECTIONS.products)
    .find({});
  const candidates = products
    .map((doc) => doc.definition as ProductDefinition)
    .filter(
      (product) =>
        isCompanyProduct(product) &&
        product.country === 'CL' &&
        (product.salesChannels ?? []).includes('ONLINE'),
    );
  for (const product of candidates) {
    const response = await postJson(`${session.runtime.url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: product.code,
      ...buyer,
      profile: { colectivo: { cantidadempleados: WORKERS } },
      company: COMPANY,
      collaborators: COLLABORATORS,
    });
    if (response.status === 201)
      return (await response.json()) as { id: string; amount: { amount: number; currency: string } };
  }
  throw new Error('no company product of the demo catalogue is sold online with a price for ten');
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
  const { runtime } = session;
  const reacted = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: reacted, streamId: 'sale-x' },
    ['companySalePolicies'],
    15_000,
  );
  const written = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: written, streamId: 'policyRoster-x' },
    ['groupInsurance', 'identity'],
    15_000,
  );
}
