import type { TestRuntime } from '../../support/testRuntime';
import { postJson } from '../../support/testRuntime';
import { startCatalogueRuntime } from './detailRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

/** A deterministic generator, so a failure replays. */
function random(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

test('no input reaches a 500: 500 random paths, queries and bodies over the catalogue routes', async () => {
  const next = random(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const segments = [
    'CS-01',
    'DET-PREF',
    'det-pref',
    'INTL-A',
    'VIDA-A',
    'QPCL-1',
    'Clinica-Davila',
    'hospitalizacion',
    'isapres',
    'ISAPRE',
    'ISAPRE,CLINICA',
    '__proto__',
    'constructor',
    'toString',
    '%E0%A4%A',
    '..%2F..',
    '%2F',
    '%00',
    '😀',
    'a'.repeat(300),
    'x'.repeat(81),
    '-1',
    'NaN',
    '%20',
    ',,,',
  ];
  const paths = [
    (a: string) => `/api/insurance/product/${a}`,
    (a: string) =>
      `/api/insurance/${a}/${pick(['conditions', 'seo', 'descriptions', 'features', 'inFeatures', 'faq', 'extraBenefits', 'exclusions', 'coverageOrganizations', 'topAmountsAndDeductibles'])}`,
    (a: string) => `/api/insurance/coverages/${a}/resume`,
    (a: string) => `/api/insurance/coverages/${a}/coverageOrganization`,
    (a: string, b: string) => `/api/insurance/${a}/coverageOrganization/${b}/coverages`,
    (a: string, b: string) => `/api/insurance/${a}/benefit/${b}/coverages`,
    (a: string, b: string) => `/api/insurance/${a}/calculatePrice?productType=${b}&comparator=${b}`,
    (a: string, b: string) => `/api/insurance/${a}/calculatePrice?productType=${b}&productType=${a}`,
    (a: string) => `/api/organization/seguros/tipo/${a}?country=${a}`,
    (a: string, b: string) => `/api/organization/seguros/multTipo/${a},${b}`,
    (a: string) => `/api/comparator?baseUrl=${a}`,
    (a: string) => `/api/comparator/features/${a}`,
    (a: string) => `/api/comparator/${a}/${pick(['faq', 'benefits'])}`,
    (a: string) => `/api/comparator/blockzone/${a}`,
    (a: string) => `/api/whyUs/${a}`,
    (a: string) => `/api/seguro-adicional/tipos?${a}=1`,
  ];
  const values: unknown[] = [
    null,
    true,
    0,
    -1,
    1e308,
    -0.5,
    '',
    'x',
    '1.650.000',
    '-3',
    '1000',
    [],
    {},
    [{}],
    [null],
    { edad: 'abc' },
    '\u0000',
    'Cónyuge',
    'Masculino',
    'Femenino',
  ];
  const value = (depth: number): unknown => {
    if (depth > 2 || next() < 0.5) return pick(values);
    if (next() < 0.5) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    const keys = [
      'edad',
      'sexo',
      'parentesco',
      'ingreso',
      'cotizante',
      'cargas',
      'mascota',
      '__proto__',
      'x',
    ];
    return Object.fromEntries(
      Array.from({ length: 1 + Math.floor(next() * 3) }, () => [pick(keys), value(depth + 1)]),
    );
  };
  const profile = () => ({
    ...(next() < 0.7
      ? { cotizante: next() < 0.5 ? [{ edad: pick(values), sexo: pick(values) }] : value(1) }
      : {}),
    ...(next() < 0.4 ? { cargas: value(1) } : {}),
    ...(next() < 0.3 ? { mascota: value(1) } : {}),
    ...(next() < 0.2 ? { cantidadEmpleados: pick(values), cantidadGuardias: pick(values) } : {}),
    ...(next() < 0.1 ? { [pick(['x', 'constructor', 'region'])]: value(1) } : {}),
  });
  const statuses = new Set<number>();
  for (let i = 0; i < 500; i++) {
    const kind = pick(['get', 'get', 'price', 'promoted', 'raw']);
    let response: Response;
    if (kind === 'get') {
      response = await fetch(`${runtime.url}${pick(paths)(pick(segments), pick(segments))}`);
    } else if (kind === 'price') {
      const body: Record<string, unknown> = {
        profile: next() < 0.9 ? profile() : pick(values),
        ...(next() < 0.4 ? { productType: pick(['', 'ISAPRES', 'SCTR', 'nada', 3]) } : {}),
        ...(next() < 0.2 ? { comparator: pick(['isapres', 'nada', 7, null]) } : {}),
      };
      const id = pick([
        'CS-01',
        'CO-03',
        'COMP-A',
        'PET-A',
        'EMP-A',
        'GUARD-A',
        'DET-LE',
        'INTL-A',
        'CAT-A',
        'NOPE',
      ]);
      response = await postJson(
        `${runtime.url}/api/insurance/${id}/calculatePrice`,
        next() < 0.1 ? pick(values) : body,
      );
    } else if (kind === 'promoted') {
      const body = {
        ...(next() < 0.6
          ? { comparator: pick([...values, 'isapres', 'seguros-de-salud', 'Comparar/Isapres']) }
          : {}),
        ...(next() < 0.5
          ? { insuranceTypes: pick([...values, 'Complementario', ['SEGURO DENTAL', 'x']]) }
          : {}),
        ...(next() < 0.2 ? { productType: pick(values) } : {}),
      };
      response = await postJson(`${runtime.url}/api/insurance/promotedProduct`, body, {
        country: pick(['CL', 'PE', '9', '']),
      });
    } else {
      response = await postJson(
        `${runtime.url}${pick(['/api/insurance/CS-01/calculatePrice', '/api/insurance/promotedProduct'])}`,
        pick(['{', '}{', '{"profile":}', '\u0000', 'null', '"text"', '{"profile":{}}garbage', '[{]', '[]']),
      );
    }
    statuses.add(response.status);
    // The iteration and kind in the failure message make a 500 replayable (the generator is seeded).
    expect({ i, kind, serverError: response.status >= 500 }).toEqual({ i, kind, serverError: false });
    await response.arrayBuffer();
  }
  expect([...statuses].sort()).toEqual([200, 400, 404, 422]);
});
