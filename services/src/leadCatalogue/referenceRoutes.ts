import { REFERENCE_LISTS, type ReferenceListName } from '@cubre/schemas';
import { Router } from 'express';
import { z } from 'zod';
import { requirePermission } from '@cubre/platform/http/guard';
import type { AppContext } from '@cubre/platform/http/app';
import { validated } from '@cubre/platform/http/validate';

const Params = z.strictObject({
  name: z.enum(Object.keys(REFERENCE_LISTS) as [ReferenceListName, ...ReferenceListName[]], {
    error: `una de: ${Object.keys(REFERENCE_LISTS).join(', ')}`,
  }),
});

/**
 * The fixed reference lists of seed 002 (movement types, recess reasons, tickets, document reviews,
 * assignment codes) for any signed-in staff member: `GET /api/admin/reference/{name}`, a whole list with a
 * Content-Range, as react-admin's getList expects.
 */
export function referenceRoutes(context: AppContext): Router {
  const router = Router();
  router.get(
    '/api/admin/reference/:name',
    requirePermission(context),
    validated({ params: Params }, async ({ params }, _req, res) => {
      const rows = REFERENCE_LISTS[params.name];
      res.setHeader('Content-Range', `${params.name} 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.json(rows);
    }),
  );
  return router;
}
