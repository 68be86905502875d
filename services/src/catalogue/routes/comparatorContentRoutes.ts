import type { ComparatorDefinition } from '@cubre/schemas';
import { Router } from 'express';
import { z } from 'zod';
import { validated } from '@cubre/platform/http/validate';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import type { CatalogueIndex } from '../views/catalogueIndex';
import {
  comparatorFeatures,
  comparatorProviders,
  comparatorSummary,
  comparatorView,
} from '../views/comparators';
import { ComparatorIdParams, CountryQuery, editionOf, indexOf, NoQuery, unknown } from './params';

const ListQuery = CountryQuery.extend({ baseUrl: z.string().trim().min(1).max(300).optional() });

function comparatorOr404(index: CatalogueIndex, id: string): ComparatorDefinition {
  const comparator = index.comparator(id);
  if (!comparator) throw unknown('params.id', `no hay un comparador ${id}`);
  return comparator;
}

/** The comparators' own content (seed 000 §7: api/comparator, /showcase, features, benefits, faq, block zones, why us). */
export function comparatorContentRoutes(deps: { snapshots: CatalogueSnapshots }) {
  const router = Router();
  const content = (path: string, part: (comparator: ComparatorDefinition) => unknown) =>
    router.get(
      path,
      validated({ params: ComparatorIdParams, query: NoQuery }, async ({ params }, _req, res) => {
        const index = await indexOf(deps.snapshots);
        res.json({ data: part(comparatorOr404(index, params.id)) });
      }),
    );

  /** The site's comparators; with ?baseUrl= the one whose page it is (the storefront's comparator resolver). */
  router.get(
    '/api/comparator',
    validated({ query: ListQuery }, async ({ query }, req, res) => {
      const index = await indexOf(deps.snapshots);
      if (query.baseUrl !== undefined) {
        const comparator = index.comparatorByBaseUrl(query.baseUrl);
        if (!comparator) throw unknown('query.baseUrl', `no hay un comparador en ${query.baseUrl}`);
        res.json({ data: comparatorView(index, comparator, editionOf(query, req)) });
        return;
      }
      const comparators = index.snapshot.comparators.map(({ definition }) => definition);
      res.json({ data: comparators.filter((c) => !c.showcase).map((c) => comparatorSummary(index, c)) });
    }),
  );

  /** Comparators of the partner showcase (seed 001 §2 subdomain mode). */
  router.get(
    '/api/comparator/showcase',
    validated({ query: NoQuery }, async (_input, _req, res) => {
      const index = await indexOf(deps.snapshots);
      const comparators = index.snapshot.comparators.map(({ definition }) => definition);
      res.json({ data: comparators.filter((c) => c.showcase).map((c) => comparatorSummary(index, c)) });
    }),
  );

  router.get(
    '/api/comparator/features/:id',
    validated({ params: ComparatorIdParams, query: CountryQuery }, async ({ params, query }, req, res) => {
      const index = await indexOf(deps.snapshots);
      const comparator = comparatorOr404(index, params.id);
      res.json({ data: comparatorFeatures(index, comparator, editionOf(query, req)) });
    }),
  );
  /** The clinics its products list, for the "clinic or hospital" filter (seed 000 §7: path not shown). */
  router.get(
    '/api/comparator/:id/coverageOrganizations',
    validated({ params: ComparatorIdParams, query: CountryQuery }, async ({ params, query }, req, res) => {
      const index = await indexOf(deps.snapshots);
      const comparator = comparatorOr404(index, params.id);
      res.json({ data: comparatorProviders(index, comparator, editionOf(query, req)) });
    }),
  );
  content('/api/comparator/blockzone/:id', (comparator) => comparator.blockZones);
  content('/api/comparator/:id/benefits', (comparator) => comparator.benefits);
  content('/api/comparator/:id/faq', (comparator) => comparator.faq);
  content('/api/whyUs/:id', (comparator) => comparator.whyUs);

  return router;
}
