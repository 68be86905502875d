import type { IsaprePlanDefinition } from '@cubre/schemas';

/**
 * An isapre plan of the test catalogues: Consalud (107), individual, commercial, preferred providers, priced
 * in UF from factor table 592, as the Superintendencia's extract describes one; a test names what it needs
 * different (the code always).
 */
export const isaprePlan = (
  overrides: Partial<IsaprePlanDefinition> & Pick<IsaprePlanDefinition, 'code'>,
): IsaprePlanDefinition => ({
  isapreCode: 107,
  displayName: `Plan ${overrides.code}`,
  targetGroup: 'Sin grupo objetivo específico',
  sex: 'Ambos',
  commercial: true,
  regions: [13],
  planType: 'Individual',
  modality: 'Prestador Preferente',
  birthCoverage: 'general',
  restrictionCodes: [],
  priceMode: 'UF',
  basePriceUf: 1.5,
  factorTableCode: '592',
  arancel: { name: '390', unit: 'Pesos' },
  ambulatoryCoverage: 70,
  hospitalCoverage: 90,
  fixedCopay: false,
  annualTopUf: 5000,
  activeContributors: 10,
  activeDependants: 5,
  gesUf: 0.44,
  source: '201609',
  ...overrides,
});
