import { randomUUID } from 'node:crypto';
import type { ProductDefinition } from '@cubre/schemas';
import { CATALOGUE_COLLECTIONS, type ProductDocument } from '@cubre/projections/catalogue/documents';
import type { TestRuntime } from '../../../services/test/support/testRuntime';
import { postJson } from '../../../services/test/support/testRuntime';
import { ONE_PERSON } from '../../../services/test/payments/support/purchaseFixture';

/**
 * A sale started over the storefront's API for the first Chilean product of the demo catalogue that is
 * sold online, matches `kind` and takes the body (a product without a price for its profile answers 422,
 * so the next is tried); the sale's id and amount, or null when none took it.
 */
export async function startDemoSale(
  runtime: TestRuntime,
  kind: (product: ProductDefinition) => boolean,
  body: Record<string, unknown>,
): Promise<{ id: string; amount: { amount: number; currency: string } } | null> {
  const products = await runtime.engines.readStore
    .collection<ProductDocument>(CATALOGUE_COLLECTIONS.products)
    .find({});
  const candidates = products
    .map((doc) => doc.definition as ProductDefinition)
    .filter(
      (product) =>
        kind(product) && product.country === 'CL' && (product.salesChannels ?? []).includes('ONLINE'),
    );
  for (const product of candidates) {
    const response = await postJson(`${runtime.url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: product.code,
      profile: ONE_PERSON,
      ...body,
    });
    if (response.status === 201)
      return (await response.json()) as { id: string; amount: { amount: number; currency: string } };
  }
  return null;
}
