import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { formatRut, INSURANCE_TYPES, rutCheckDigit } from '@cubre/schemas';
import { defineCatalogueEntry } from '../../services/src/catalogue/defineEntry';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { round } from './stats';

/**
 * Issue 12's lead requests: POST /api/solicitarplans at 32 connections, each request a new person asking
 * for the same product, so every one runs the duplicate check (earlierLeadOf) and creates a lead. The
 * product is one the 100,000 benchmark leads ask for (an eighth of them), so its index holds 12,500 leads.
 */

export const LEAD_REQUEST_PRODUCT = 'CAT-PEHUEN-1';
export const LEAD_REQUEST_CONNECTIONS = 32;

/** The catalogue entries a plan request for LEAD_REQUEST_PRODUCT needs, written through its commands. */
export async function defineLeadRequestCatalogue(store: EventStore): Promise<void> {
  const options = () => ({
    actor: { kind: 'system' as const, id: 'bench-leads' },
    correlationId: randomUUID(),
    now: new Date('2026-01-01T12:00:00Z'),
  });
  for (const type of INSURANCE_TYPES) await defineCatalogueEntry(store, 'insuranceType', type, options());
  await defineCatalogueEntry(
    store,
    'organization',
    {
      code: 'pehuen',
      displayName: 'Pehuén',
      type: 'ASEGURADORA',
      typeAlias: 'Aseguradora',
      url: 'pehuen',
      country: 'CL',
    },
    options(),
  );
  await defineCatalogueEntry(
    store,
    'product',
    {
      code: LEAD_REQUEST_PRODUCT,
      displayName: 'Catastrófico Esencial',
      url: LEAD_REQUEST_PRODUCT,
      organizationCode: 'pehuen',
      insuranceType: 'SEGURO CATASTROFICO',
      country: 'CL',
      price: { amount: 0.5, unit: 'UF' },
      availableFrom: '2020-01-01',
    },
    options(),
  );
}

/** A request body of person `n`: a valid RUT and an e-mail no benchmark lead has. */
function requestBody(n: number): string {
  const body = String(40_000_000 + n);
  return JSON.stringify({
    productCode: LEAD_REQUEST_PRODUCT,
    nombre: 'Persona de Prueba',
    rut: formatRut(`${body}${rutCheckDigit(body)}`),
    email: `solicitud.${n}@bench.cubre.cl`,
    telefono: '+56 9 1234 5678',
    region: 13,
    price: { value: 0.5, unit: 'UF' },
    comparator: 'seguros-de-salud',
    originPath: `/Seguros/pehuen/${LEAD_REQUEST_PRODUCT}/Solicitar`,
  });
}

let people = 0;

/** Plan requests for `seconds`; anything but 201 fails. */
export async function leadRequestRate(url: string, seconds: number) {
  const result = await autocannon({
    url: `${url}/api/solicitarplans`,
    connections: LEAD_REQUEST_CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: requestBody(people++) }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result.requests.total === 0) {
    throw new Error(
      `lead requests: ${result.requests.total} answers, ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts`,
    );
  }
  return {
    requestsPerSecond: round(result.requests.total / seconds, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}
