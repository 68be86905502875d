import { CatalogueCode, Slug } from '@cubre/schemas';
import { BenefitCoverages, CoverageResumeAnswer } from '@cubre/schemas/catalogue/coverageResume';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { Router } from 'express';
import { z } from 'zod';
import { validated } from '@cubre/platform/http/validate';
import type { PricingContext } from '../comparator/pricingContext';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import type { CatalogueIndex } from '../views/catalogueIndex';
import { allProviders, coverageOrganizationLists } from '../views/coverageOrganizations';
import {
  coverageOrganizationsWithTops,
  coverageResume,
  coveragesAtProvider,
  coveragesOfBenefit,
} from '../views/coverages';
import {
  conditionsOf,
  descriptionsOf,
  exclusionsOf,
  extraBenefitsOf,
  faqOf,
  featuresView,
  inFeaturesView,
  seoOf,
} from '../views/productContent';
import { detailPathOf, productView } from '../views/productView';
import { topsAndDeductibles, topsSummary } from '../views/topsAndDeductibles';
import { cardOr404, IdParams, indexOf, NoQuery, unknown } from './params';

/** A benefit or a category of benefits: its slug ('consulta-medica', 'ambulatorio'). */
const BenefitId = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'el id de una prestación son letras, dígitos y guiones');

type Body = Record<string, unknown>;

/** The per-product resources of GET /api/insurance/{id}/… (seed 000 §7), each a view of the card. */
const RESOURCES: Record<string, (index: CatalogueIndex, card: CardDocument) => Body> = {
  conditions: (_index, card) => ({ data: conditionsOf(card) }),
  seo: (index, card) => ({ data: seoOf(card, detailPathOf(index, card)) }),
  descriptions: (_index, card) => ({ data: descriptionsOf(card) }),
  features: (index, card) => ({ data: featuresView(index, card) }),
  inFeatures: (index, card) => ({ data: inFeaturesView(index, card) }),
  faq: (_index, card) => ({ data: faqOf(card) }),
  extraBenefits: (_index, card) => ({ data: extraBenefitsOf(card) }),
  exclusions: (_index, card) => ({ data: exclusionsOf(card) }),
  coverageOrganizations: (index, card) => {
    const lists = coverageOrganizationLists(index, card);
    return { data: allProviders(lists), lists };
  },
  topAmountsAndDeductibles: (index, card) => {
    const groups = topsAndDeductibles(index, card);
    return { data: groups, summary: topsSummary(groups) };
  },
};

/**
 * The product and its detail resources (seed 000 §7): GET /api/insurance/product/{code}, the
 * per-product resources, and the coverage calls. Every one reads the catalogue snapshot.
 */
export function productRoutes(deps: {
  snapshots: CatalogueSnapshots;
  pricing: PricingContext;
  clock(): Date;
}) {
  const router = Router();

  router.get(
    '/api/insurance/product/:code',
    validated(
      { params: z.strictObject({ code: CatalogueCode }), query: NoQuery },
      async ({ params }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        const card = cardOr404(index, params.code, 'params.code');
        res.json(productView(index, card, deps.pricing, deps.clock()));
      },
    ),
  );

  for (const [name, view] of Object.entries(RESOURCES)) {
    router.get(
      `/api/insurance/:id/${name}`,
      validated({ params: IdParams, query: NoQuery }, async ({ params }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        res.json(view(index, cardOr404(index, params.id)));
      }),
    );
  }

  router.get(
    '/api/insurance/coverages/:id/resume',
    validated(
      { params: IdParams, query: NoQuery, response: CoverageResumeAnswer },
      async ({ params }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        res.json({ data: coverageResume(index, cardOr404(index, params.id)) });
      },
    ),
  );

  router.get(
    '/api/insurance/coverages/:id/coverageOrganization',
    validated({ params: IdParams, query: NoQuery }, async ({ params }, _req, res) => {
      const index = await indexOf(deps.snapshots);
      res.json({ data: coverageOrganizationsWithTops(index, cardOr404(index, params.id)) });
    }),
  );

  router.get(
    '/api/insurance/:id/coverageOrganization/:orgId/coverages',
    validated(
      { params: z.strictObject({ id: CatalogueCode, orgId: Slug }), query: NoQuery },
      async ({ params }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        const card = cardOr404(index, params.id);
        const answer = coveragesAtProvider(index, card, params.orgId);
        if (!answer)
          throw unknown('params.orgId', `${params.orgId} no es un prestador de ${card.productCode}`);
        res.json({ data: answer });
      },
    ),
  );

  router.get(
    '/api/insurance/:id/benefit/:benefitId/coverages',
    validated(
      {
        params: z.strictObject({ id: CatalogueCode, benefitId: BenefitId }),
        query: NoQuery,
        response: z.object({ data: BenefitCoverages }),
      },
      async ({ params }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        const card = cardOr404(index, params.id);
        const answer = coveragesOfBenefit(card, params.benefitId);
        if (!answer)
          throw unknown('params.benefitId', `${card.productCode} no tiene la prestación ${params.benefitId}`);
        res.json({ data: answer });
      },
    ),
  );

  return router;
}
