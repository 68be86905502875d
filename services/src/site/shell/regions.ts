import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DistrictsQuery, type DistrictOption, type RegionOption } from '@cubre/schemas/site';
import { Router } from 'express';
import { z } from 'zod';
import { referenceDataDir } from '../../catalogue';
import { validated } from '@cubre/platform/http/validate';

const RegionRow = z.object({
  codigo: z.string().regex(/^\d{2}$/),
  nombre: z.string().min(1),
  abreviatura: z.string(),
});

/** A line of geo/chile-comunas-cut.csv (`;`-separated, UTF-8, with its header). */
const COMUNA_COLUMNS = [
  'codigo_region',
  'nombre_region',
  'abreviatura_region',
  'codigo_provincia',
  'nombre_provincia',
  'codigo_comuna',
  'nombre_comuna',
] as const;
const ComunaRow = z.object({
  codigo_region: z.string().regex(/^\d{2}$/),
  codigo_provincia: z.string().regex(/^\d{3}$/),
  codigo_comuna: z.string().regex(/^\d{5}$/),
  nombre_comuna: z.string().min(1),
});

/** The comunas of the CUT file, as the request forms list them (rule 002-3.18). */
function readDistricts(directory: string): DistrictOption[] {
  const [header, ...lines] = readFileSync(join(directory, 'geo', 'chile-comunas-cut.csv'), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (header?.trim() !== COMUNA_COLUMNS.join(';')) {
    throw new Error(`geo/chile-comunas-cut.csv: expected the columns ${COMUNA_COLUMNS.join(';')}`);
  }
  return lines.map((line, index) => {
    const cells = line.split(';');
    const parsed = ComunaRow.safeParse(
      Object.fromEntries(COMUNA_COLUMNS.map((column, at) => [column, cells[at]?.trim()])),
    );
    if (!parsed.success)
      throw new Error(`geo/chile-comunas-cut.csv line ${index + 2}: ${parsed.error.message}`);
    const row = parsed.data;
    return {
      stateCode: Number(row.codigo_region),
      districtCode: Number(row.codigo_comuna),
      comuna: row.codigo_comuna,
      codCiudad: row.codigo_provincia,
      districtName: row.nombre_comuna,
    };
  });
}

/**
 * Chile's regions for the request forms (seed 002 §3; 'Error al obtener las regiones' is the storefront's
 * message when this fails, 001-8.09), in the shape of the profile's region: `stateCode` is the region code.
 * Metropolitana (13) goes first, as the default region of the Chilean profile (000-3.32). Their comunas
 * (rule 002-3.18): `GET /api/comunas[?stateCode=]`, in the regions' order and by name within a region.
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
  const regionOrder = new Map(regions.map((region) => [region.stateCode, region.orderPosition]));
  const districts = readDistricts(directory).sort(
    (a, b) =>
      (regionOrder.get(a.stateCode) ?? Infinity) - (regionOrder.get(b.stateCode) ?? Infinity) ||
      a.districtName.localeCompare(b.districtName, 'es'),
  );
  const districtBodies = new Map<number | undefined, string>([
    [undefined, JSON.stringify({ data: districts })],
    ...regions.map(({ stateCode }): [number, string] => [
      stateCode,
      JSON.stringify({ data: districts.filter((district) => district.stateCode === stateCode) }),
    ]),
  ]);
  const router = Router();
  router.get(
    '/api/regiones',
    validated({}, async (_input, _req, res) => {
      res.type('application/json').set('cache-control', 'public, max-age=86400').send(body);
    }),
  );
  router.get(
    '/api/comunas',
    validated({ query: DistrictsQuery }, async ({ query }, _req, res) => {
      res
        .type('application/json')
        .set('cache-control', 'public, max-age=86400')
        .send(districtBodies.get(query.stateCode) ?? JSON.stringify({ data: [] }));
    }),
  );
  return router;
}
