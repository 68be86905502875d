import { Router } from 'express';
import { validated } from '@cubre/platform/http/validate';
import { UF_FALLBACK_CLP, ufAt } from '../reference/ufValues';
import type { PricingContext } from '../comparator/pricingContext';

/** GET /api/globales/uf (seed 001 §7): the UF of the day, from the dated values; the fallback 39214.8 otherwise. */
export function globalesRoutes(deps: { pricing: PricingContext; clock(): Date }): Router {
  const router = Router();
  router.get(
    '/api/globales/uf',
    validated({}, async (_input, _req, res) => {
      const uf = ufAt(deps.pricing.reference.ufValues, deps.clock());
      res.json({
        value: uf.clp,
        uf: uf.clp,
        date: uf.date,
        fallback: uf.fallback,
        fallbackValue: UF_FALLBACK_CLP,
      });
    }),
  );
  return router;
}
