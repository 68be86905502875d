import { REFERENCE_LISTS, type ReferenceListName } from '@cubre/schemas';
import { Router } from 'express';
import { z } from 'zod';
import { requirePermission } from '@cubre/platform/http/guard';
import type { AppContext } from '@cubre/platform/http/app';
import { validated } from '@cubre/platform/http/validate';
import { ListQueryParameters, parseListQuery, sendPage } from '@cubre/platform/http/simpleRest';

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
    validated({ params: Params, query: ListQueryParameters }, async ({ params }, req, res) => {
      // react-admin's getList sends sort, range and filter: the order is the seed's (no sort field is
      // offered), no filter key is, and the range pages the list.
      const query = parseListQuery(req, { sortable: [], filters: [] });
      const rows: readonly unknown[] = REFERENCE_LISTS[params.name];
      const page = rows.slice(query.range.start, query.range.end + 1);
      sendPage(res, params.name, query, page, rows.length);
    }),
  );
  return router;
}
