import {
  CompareRequest,
  CompareRequestFields,
  OrganizationType,
  QuoteProfile,
  type Profile,
  ProductType,
  type ComparatorDefinition,
  type ProductDefinition,
} from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { Router } from 'express';
import { z } from 'zod';
import { HttpProblem } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { cardFilter } from '../comparator/filters';
import type { PricingContext } from '../comparator/pricingContext';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import type { CatalogueIndex } from '../views/catalogueIndex';
import { priceBreakdown, UnpriceableProfile } from '../views/priceBreakdown';
import { CalculatePriceAnswer, type PriceExplanation } from '@cubre/schemas/catalogue/priceBreakdown';
import { cardFor } from '../views/productView';
import { countryOf } from './compareRoutes';
import { cardOr404, clientQuery, IdParams, indexOf, unknownValue } from './params';

/** Seed 000 §8 / 001 §8: the promoted product call's failure, status 404. */
export const PROMOTED_PRODUCT_NOT_FOUND = 'Problema en endpoint para obtener producto promocionado';

/** A comparator by code or base URL; blank means none (the storefront sends `comparator=` when it has none). */
const ComparatorRef = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.union([z.string().trim().min(1).max(200), z.number().transform(String)]).optional(),
);

/** POST /api/insurance/{id}/calculatePrice: the profile is the point of the call, refused by field when invalid. */
export const CalculatePriceBody = z.strictObject({
  profile: QuoteProfile.nullish(),
  productType: ProductType.optional(),
  comparator: ComparatorRef,
});

const CalculatePriceQuery = clientQuery({
  productType: ProductType.optional(),
  comparator: ComparatorRef,
});

/** POST /api/insurance/promotedProduct: the comparator, or the insurance types, the promotion is for. */
export const PromotedProductBody = z
  .strictObject({
    comparator: ComparatorRef,
    insuranceTypes: CompareRequestFields.shape.insuranceTypes,
    productType: ProductType.optional(),
  })
  .superRefine((body, context) => {
    if (body.comparator === undefined && !body.insuranceTypes?.length)
      context.addIssue({
        code: 'custom',
        path: ['comparator'],
        message: 'indica comparator o insuranceTypes',
        params: { rule: 'required' },
      });
  });

function comparatorOr400(index: CatalogueIndex, ref: string | undefined, field: string) {
  if (ref === undefined) return undefined;
  const comparator = index.comparator(ref) ?? index.comparatorByBaseUrl(ref);
  if (!comparator) throw unknownValue(field, `no hay un comparador ${ref}`);
  return comparator;
}

const unpriceable = (error: UnpriceableProfile) =>
  new HttpProblem(
    422,
    'unpriceable-profile',
    'El perfil no permite calcular el precio',
    error.message,
    [{ field: error.field, rule: error.rule, message: error.message }],
    {},
    error.extensions,
  );

const byPromotion = (a: CardDocument, b: CardDocument) => {
  const x = a.definition as ProductDefinition;
  const y = b.definition as ProductDefinition;
  return (
    y.recommendation - x.recommendation ||
    y.requestCount - x.requestCount ||
    a.productCode.localeCompare(b.productCode)
  );
};

/** calculatePrice and promotedProduct (seed 000 §7). */
export function priceRoutes(deps: { snapshots: CatalogueSnapshots; pricing: PricingContext; clock(): Date }) {
  const router = Router();

  const answer = (
    index: CatalogueIndex,
    card: CardDocument,
    given: Profile | undefined,
    request: { productType?: string; comparator?: ComparatorDefinition },
  ): CalculatePriceAnswer => {
    const today = deps.clock();
    let explained: PriceExplanation;
    try {
      explained = priceBreakdown(card, deps.pricing, today, given);
    } catch (error) {
      if (error instanceof UnpriceableProfile) throw unpriceable(error);
      throw error;
    }
    // The card's own price: the comparator's pricer with the same profile.
    const shown = cardFor(index, card, deps.pricing, today, given).card;
    return {
      data: {
        productCode: card.productCode,
        kind: card.kind,
        displayName: card.displayName,
        productType: card.productType,
        requestedProductType: request.productType ?? null,
        comparator: request.comparator
          ? { code: request.comparator.code, name: request.comparator.name }
          : null,
        profile: given ? 'perfil' : 'predeterminado',
        price: shown.price,
        priceSuffix: shown.priceSuffix,
        priceDetail: shown.insuranceMetadata.price_detail,
        breakdown: explained.breakdown,
        lines: explained.lines,
      },
    };
  };

  router.post(
    '/api/insurance/:id/calculatePrice',
    validated(
      { params: IdParams, body: CalculatePriceBody, response: CalculatePriceAnswer },
      async ({ params, body }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        const card = cardOr404(index, params.id);
        const comparator = comparatorOr400(index, body.comparator, 'comparator');
        res.json(
          answer(index, card, body.profile ?? undefined, { productType: body.productType, comparator }),
        );
      },
    ),
  );

  router.get(
    '/api/insurance/:id/calculatePrice',
    validated(
      { params: IdParams, query: CalculatePriceQuery, response: CalculatePriceAnswer },
      async ({ params, query }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        const card = cardOr404(index, params.id);
        const comparator = comparatorOr400(index, query.comparator, 'query.comparator');
        res.json(answer(index, card, undefined, { productType: query.productType, comparator }));
      },
    ),
  );

  router.post(
    '/api/insurance/promotedProduct',
    validated({ body: PromotedProductBody }, async ({ body }, req, res) => {
      const index = await indexOf(deps.snapshots);
      const comparator = comparatorOr400(index, body.comparator, 'comparator');
      const wanted = (body.insuranceTypes ?? []).map((type) => type.toLowerCase());
      const typeNames = index.snapshot.insuranceTypes.flatMap(({ definition }) => [
        definition.name.toLowerCase(),
        definition.urlSegment.toLowerCase(),
      ]);
      const unknownType = wanted.find((type) => !typeNames.includes(type));
      if (unknownType !== undefined)
        throw unknownValue('insuranceTypes', `no hay un tipo de seguro ${unknownType}`);
      const keep = cardFilter(
        CompareRequest.parse({
          comparator: comparator?.code,
          insuranceTypes: body.insuranceTypes,
          organizationTypes: comparator?.organizationTypes ?? OrganizationType.options,
          productType: body.productType,
          displayShowcase: comparator?.showcase,
        }),
        index.snapshot,
        countryOf(req),
      );
      const promoted = index.snapshot.cards
        .filter(
          (card) =>
            card.kind === 'product' && (card.definition as ProductDefinition).isPromoted && keep(card),
        )
        .sort(byPromotion)[0];
      if (!promoted)
        throw new HttpProblem(
          404,
          'not-found',
          'No encontrado',
          PROMOTED_PRODUCT_NOT_FOUND,
          [
            {
              field: comparator ? 'comparator' : 'insuranceTypes',
              rule: 'promoted_product',
              message: PROMOTED_PRODUCT_NOT_FOUND,
            },
          ],
          {},
          { message: PROMOTED_PRODUCT_NOT_FOUND },
        );
      res.json({ data: cardFor(index, promoted, deps.pricing, deps.clock()).card });
    }),
  );

  return router;
}
