import { createHash, timingSafeEqual } from 'node:crypto';
import type { ProjectionRunner } from '@cubre/platform/projections/runner';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { HttpProblem, notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import type { ReadStore } from '@cubre/platform/ports/readStore';

/**
 * /ops is for operators, always with the operators' bearer token (issue 13): the read-model dump holds
 * leads' names, RUTs, e-mails and phones. Where the caller connects from proves nothing: behind a reverse
 * proxy on the same machine every internet request arrives from loopback. The digests make the comparison
 * take the same time whatever the guess.
 */
function assertOperator(req: Request, token: string) {
  const given = /^Bearer (.+)$/.exec(req.get('Authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) {
    throw new HttpProblem(401, 'unauthorized', 'No autorizado', 'se requiere el token de operación', [], {
      'WWW-Authenticate': 'Bearer',
    });
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function opsRoutes(runner: ProjectionRunner | undefined, readStore: ReadStore, token: string): Router {
  const router = Router();
  /** Read-model contents for operators (and the crash test, which compares them with a rebuild from zero). */
  router.get(
    '/ops/read-models/:collection',
    validated(
      {
        params: z.strictObject({ collection: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/) }),
        query: z.strictObject({
          skip: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(10_000).default(1000),
        }),
      },
      async ({ params, query }, req, res) => {
        assertOperator(req, token);
        const collection = readStore.collection(params.collection);
        const [total, documents] = await Promise.all([
          collection.count({}),
          collection.find({}, { sort: { _id: 1 }, skip: query.skip, limit: query.limit }),
        ]);
        res.json({ collection: params.collection, total, documents });
      },
    ),
  );
  router.get(
    '/ops/projections',
    validated({}, async (_input, req, res) => {
      assertOperator(req, token);
      res.json({ projections: runner?.status() ?? [] });
    }),
  );
  router.post(
    '/ops/projections/:name/rebuild',
    validated(
      { params: z.strictObject({ name: z.string().min(1).max(100) }) },
      async ({ params }, req, res) => {
        assertOperator(req, token);
        if (!runner)
          throw new HttpProblem(
            409,
            'no-projector',
            'Sin proyecciones',
            'este proceso no ejecuta el rol projector',
          );
        if (!runner.names().includes(params.name)) throw notFound(`no existe la proyección ${params.name}`);
        res.json({ projection: params.name, ...(await runner.rebuild(params.name)) });
      },
    ),
  );
  return router;
}
