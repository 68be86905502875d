import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppContext } from '@cubre/platform/http/app';
import type { CommandMetadata } from '@cubre/schemas/commands';
import type { CoverageGroup } from '@cubre/schemas/groupInsurance/policy';
import type { InsuredPerson, InsuredState, RosterChange } from '@cubre/schemas/groupInsurance/roster';
import type { PolicyEmployeeStatus } from '@cubre/schemas/groupInsurance/statuses';
import { rutCheckDigit } from '@cubre/schemas/identification';
import { policyAggregate, policyStream } from './policyDecider';
import { chileToday } from './records';
import { caughtUpPolicy, RosterWriter, waitVisible } from './roster';

const GROUPS: CoverageGroup[] = [
  { code: 'G1', name: 'Ejecutivos', planName: 'Plan Salud Plus' },
  { code: 'G2', name: 'Operarios', planName: 'Plan Salud Base' },
];

/** Two policies per demo company (identity's DEMO_ORGANIZATIONS), insurers of the demo catalogue. */
export const DEMO_POLICIES = [
  {
    id: 'andes-salud-2026',
    organizationId: 'constructora-andes',
    insurerCode: 'Cordillera-Seguros',
    number: 'POL-1001',
    name: 'Salud complementaria',
    people: 240,
  },
  {
    id: 'andes-vida-2026',
    organizationId: 'constructora-andes',
    insurerCode: 'Austral-Vida',
    number: 'POL-1002',
    name: 'Vida colectivo',
    people: 120,
  },
  {
    id: 'sur-salud-2026',
    organizationId: 'transportes-sur',
    insurerCode: 'Cordillera-Seguros',
    number: 'POL-2001',
    name: 'Salud complementaria',
    people: 180,
  },
  {
    id: 'sur-vida-2026',
    organizationId: 'transportes-sur',
    insurerCode: 'Austral-Vida',
    number: 'POL-2002',
    name: 'Vida colectivo',
    people: 90,
  },
] as const;

const NAMES = [
  'Juan',
  'María',
  'Pedro',
  'Camila',
  'Diego',
  'Valentina',
  'José',
  'Francisca',
  'Matías',
  'Javiera',
  'Felipe',
  'Catalina',
];
const SURNAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Araya',
];

/** A small deterministic generator: the same demo people on every clone. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The demo people of one policy and the state each ends in (mixed: mostly active, some in each process). */
export function demoRoster(policyIndex: number, count: number, today: string): InsuredState[] {
  const random = prng(1000 + policyIndex);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const states: InsuredState[] = [];
  let holder: InsuredPerson | null = null;
  for (let i = 0; i < count; i++) {
    const body = String(10_000_000 + policyIndex * 1_000_000 + i * 7919);
    const legalId = `${body}-${rutCheckDigit(body)}`;
    const dependant = holder !== null && random() < 0.25;
    const female = random() < 0.5;
    const birthYear = dependant ? 1990 + Math.floor(random() * 30) : 1960 + Math.floor(random() * 40);
    const person: InsuredPerson = {
      legalId,
      name: pick(NAMES),
      paternalSurname: dependant ? holder!.paternalSurname : pick(SURNAMES),
      maternalSurname: pick(SURNAMES),
      birthDate: `${birthYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
      gender: female ? 'Femenino' : 'Masculino',
      email: dependant ? null : `persona${policyIndex}${i}@demo.cl`,
      phone: dependant ? null : `+5695${String(1_000_000 + i * 37).slice(0, 7)}`,
      insuredType: dependant ? 'CARGA' : 'TITULAR',
      holderLegalId: dependant ? holder!.legalId : null,
      dependentType: dependant ? (random() < 0.4 ? 'Conyuge' : 'Hijo/Hija') : null,
      coverageGroup: random() < 0.35 ? 'G1' : 'G2',
      accountType: null,
      accountNumber: null,
      bank: null,
    };
    if (!dependant) holder = person;
    const roll = random();
    const [status, movement]: [PolicyEmployeeStatus, 'ALTA' | 'BAJA'] =
      roll < 0.62
        ? ['ACTIVE', 'ALTA']
        : roll < 0.74
          ? ['PROCESS_ACTIVATION', 'ALTA']
          : roll < 0.82
            ? ['PROCESS_CANCELLATION', 'BAJA']
            : roll < 0.94
              ? ['CANCELED', 'BAJA']
              : ['DECLINE', 'ALTA'];
    states.push({
      person,
      status,
      movement,
      effectiveDate: addDays(today, -Math.floor(random() * 25)),
      cancellationReason:
        movement === 'BAJA' ? pick(['Renuncia', 'Término de contrato', 'Jubilación']) : null,
    });
  }
  return states;
}

const metadataOf = (name: string, at: Date): CommandMetadata => ({
  commandId: `seed:${name}`,
  correlationId: `seed:${name}`,
  causationId: null,
  actor: { kind: 'system', id: 'seed' },
  receivedAt: at.toISOString(),
});

/**
 * The demo companies' group insurance (issue 16: a fresh clone shows the lists filled): their policies,
 * and a few hundred insured people in mixed states recorded as one demo batch per policy. Runs at every
 * start; a policy that exists, or a roster already written, is left as it is.
 */
export async function seedGroupInsuranceDemo(context: AppContext): Promise<void> {
  const now = context.clock();
  const today = chileToday(now);
  for (const [index, demo] of DEMO_POLICIES.entries()) {
    const streamId = policyStream(demo.id);
    try {
      const created = await handleCommand(
        context.eventStore,
        policyAggregate,
        streamId,
        {
          type: 'CreatePolicy',
          policy: {
            policyId: demo.id,
            organizationId: demo.organizationId,
            insurerCode: demo.insurerCode,
            number: demo.number,
            name: demo.name,
            coverageGroups: GROUPS,
            status: 'ACTIVE',
            startDate: '2026-01-01',
          },
        },
        metadataOf(`policy:${demo.id}`, now),
      );
      await waitVisible(context, { globalPosition: created.globalPosition, streamId });
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
    }
    const policy = await caughtUpPolicy(context, demo.id);
    if (policy.rosterRevision !== -1) continue;
    const changes: RosterChange[] = demoRoster(index, demo.people, today).map((after) => ({
      legalId: after.person.legalId,
      rowNumber: null,
      before: null,
      after,
    }));
    const writer = new RosterWriter(context.eventStore, policy, metadataOf(`roster:${demo.id}`, now));
    await writer.write({
      type: 'RecordBatch',
      policyId: demo.id,
      batch: { batchId: `demo-${demo.id}`, kind: 'activation', bulkLoadId: null, refersTo: null, by: 'seed' },
      changes,
    });
    await waitVisible(context, writer.lastWrite);
  }
}
