import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegionOption } from '@cubre/schemas/site';
import { Router } from 'express';
import { z } from 'zod';
import { referenceDataDir } from '../../catalogue';
import { validated } from '@cubre/platform/http/validate';

const RegionRow = z.object({
  codigo: z.string().regex(/^\d{2}$/),
  nombre: z.string().min(1),
  abreviatura: z.string(),
});

/**
 * Chile's regions for the request forms (seed 002 §3; 'Error al obtener las regiones' is the storefront's
 * message when this fails, 001-8.09), in the shape of the profile's region: `stateCode` is the region code.
 * Metropolitana (13) goes first, as the default region of the Chilean profile (000-3.32).
 */
export function regionRoutes(directory = referenceDataDir()): Router {
  const rows = z
    .array(RegionRow)
    .parse(JSON.parse(readFileSync(join(directory, 'geo', 'chile-regions.json'), 'utf8')));
  const regions: RegionOption[] = rows
    .map((row) => ({ stateCode: Number(row.codigo), stateName: row.nombre, abbreviation: row.abreviatura }))
    .sort((a, b) => (a.stateCode === 13 ? -1 : b.stateCode === 13 ? 1 : a.stateCode - b.stateCode))
    .map((region, index) => ({ ...region, orderPosition: index + 1 }));
  const body = JSON.stringify({ data: regions });
  const router = Router();
  router.get(
    '/api/regiones',
    validated({}, async (_input, _req, res) => {
      res.type('application/json').set('cache-control', 'public, max-age=86400').send(body);
    }),
  );
  return router;
}
