import { OrganizationType } from '@cubre/schemas';
import { Router } from 'express';
import { z } from 'zod';
import { validated } from '@cubre/platform/http/validate';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import { additionalInsuranceTypes, organizationsOfTypes } from '../views/organizations';
import { CountryQuery, editionOf, indexOf, NoQuery } from './params';

/** An organization type, in any case ('aseguradora'); an unknown one is named in the 400. */
const Type = z
  .string()
  .trim()
  .max(40)
  .transform((text) => text.toUpperCase())
  .pipe(
    z.enum(OrganizationType.options, {
      error: (issue) =>
        `tipo de organización desconocido: ${String(issue.input)}; los tipos son ${OrganizationType.options.join(', ')}`,
    }),
  );

/** 'ASEGURADORA,CLINICA': the types of multTipo, at most the seven there are, each checked. */
const Types = z
  .string()
  .max(400)
  .transform((text) =>
    text
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean),
  )
  .pipe(z.array(Type).min(1, 'indica al menos un tipo de organización').max(OrganizationType.options.length));

/** Organizations by type (seed 000 §7) and the add-on insurance types (GET /api/seguro-adicional/tipos). */
export function organizationRoutes(deps: { snapshots: CatalogueSnapshots }) {
  const router = Router();

  router.get(
    '/api/organization/seguros/tipo/:type',
    validated(
      { params: z.strictObject({ type: Type }), query: CountryQuery },
      async ({ params, query }, req, res) => {
        const index = await indexOf(deps.snapshots);
        const [group] = organizationsOfTypes(index, [params.type], editionOf(query, req));
        res.json({ data: group!.organizations });
      },
    ),
  );

  router.get(
    '/api/organization/seguros/multTipo/:types',
    validated(
      { params: z.strictObject({ types: Types }), query: CountryQuery },
      async ({ params, query }, req, res) => {
        const index = await indexOf(deps.snapshots);
        const groups = organizationsOfTypes(index, [...new Set(params.types)], editionOf(query, req));
        res.json({ data: groups.flatMap((group) => group.organizations), groups });
      },
    ),
  );

  router.get(
    '/api/seguro-adicional/tipos',
    validated({ query: NoQuery }, async (_input, _req, res) => {
      res.json({ data: additionalInsuranceTypes(await indexOf(deps.snapshots)) });
    }),
  );

  return router;
}
