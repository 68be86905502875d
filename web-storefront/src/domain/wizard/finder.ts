import { profileFromForm, type ApiProfile, type ProfileFormState } from '../profile/profileForm';
import { searchFromFilters, type CompareOrder } from '../results/filters';

/**
 * The guided finder at wizard/seguros-de-salud (rule 000-2.23, titled 'Encuentra tu seguro de salud
 * ideal'). The seed names the page and its title only; what it asks is ours (web-storefront/README.md):
 * four short steps (who is insured, their health system and income, what kind of cover, what matters
 * most), whose answers become the health comparator's profile and filters, so the visitor lands on
 * Comparar/Seguros-de-Salud with exact prices, the kind of insurance they need and the order they chose.
 */

export const FINDER_TITLE = 'Encuentra tu seguro de salud ideal';
/** The comparator the finder fills in (its base URL, without the language prefix). */
export const FINDER_COMPARATOR = 'Comparar/Seguros-de-Salud';
export const FINDER_STEPS = ['people', 'health', 'need', 'priorities'] as const;
export type FinderStep = (typeof FINDER_STEPS)[number];

/** Who is insured: the holder alone, with a partner, or with children (and a partner, if any). */
export const HOUSEHOLDS = ['solo', 'pareja', 'familia'] as const;
export type Household = (typeof HOUSEHOLDS)[number];

/** The kind of cover, as the health comparator's insurance types (000-3.28). */
export const NEEDS = {
  complementario: ['SEGURO COMPLEMENTARIO'],
  catastrofico: ['SEGURO CATASTROFICO'],
  integral: ['SEGURO INTEGRAL'],
  todos: [],
} as const satisfies Record<string, readonly string[]>;
export type Need = keyof typeof NEEDS;

/** What matters most, as the comparator's sort (000-3.24). */
export const PRIORITIES = ['lowerPrice', 'recommended', 'popular'] as const satisfies readonly CompareOrder[];
export type Priority = (typeof PRIORITIES)[number];
/** Features the visitor may insist on: a few, or the filter leaves nothing to choose from. */
export const MAX_FINDER_FEATURES = 3;
/** Children the finder asks ages for; more are added in the comparator's profile box. */
export const MAX_FINDER_CHILDREN = 6;

export interface FinderPerson {
  sexo: 'Masculino' | 'Femenino';
  edad: string;
}

export interface FinderAnswers {
  household: Household;
  holder: FinderPerson;
  partner: FinderPerson;
  /** Children's ages as typed. */
  children: string[];
  prevision: '' | 'Isapre' | 'Fonasa';
  /** Monthly income as typed ('1.650.000'), optional. */
  ingreso: string;
  need: Need;
  features: string[];
  priority: Priority;
}

export function emptyAnswers(): FinderAnswers {
  return {
    household: 'solo',
    holder: { sexo: 'Masculino', edad: '' },
    partner: { sexo: 'Femenino', edad: '' },
    children: [],
    prevision: '',
    ingreso: '',
    need: 'todos',
    features: [],
    priority: 'recommended',
  };
}

export type FinderError =
  'error.adultAge' | 'error.age' | 'error.family' | 'error.prevision' | 'error.features';
/** Problems the visitor must fix before going on, keyed by the field to show them on. */
export type StepProblems = Partial<Record<string, FinderError>>;

const validAge = (text: string) => /^\d{1,3}$/.test(text.trim());
/** An adult who buys health insurance: 18 or older (the comparator's own form accepts any age). */
const validAdultAge = (text: string) => validAge(text) && Number(text.trim()) >= 18;

/** What keeps a step from being done; an empty object means the visitor may go on. */
export function stepProblems(step: FinderStep, answers: FinderAnswers): StepProblems {
  const problems: StepProblems = {};
  if (step === 'people') {
    const { household, holder, partner, children } = answers;
    if (!validAdultAge(holder.edad)) problems['holder.edad'] = 'error.adultAge';
    // A couple needs the partner's age; a family may be a single parent, but needs a child.
    const partnerTyped = partner.edad.trim() !== '';
    if ((household === 'pareja' || (household === 'familia' && partnerTyped)) && !validAdultAge(partner.edad))
      problems['partner.edad'] = 'error.adultAge';
    if (household === 'familia') {
      if (children.length === 0) problems.children = 'error.family';
      children.forEach((edad, index) => {
        if (!validAge(edad)) problems[`children.${index}`] = 'error.age';
      });
    }
  }
  if (step === 'health' && answers.prevision === '') problems.prevision = 'error.prevision';
  if (step === 'need' && answers.features.length > MAX_FINDER_FEATURES) problems.features = 'error.features';
  return problems;
}

/** The first step with a problem, or null when every step is done. */
export function firstUnfinishedStep(answers: FinderAnswers): FinderStep | null {
  return FINDER_STEPS.find((step) => Object.keys(stepProblems(step, answers)).length > 0) ?? null;
}

/** The comparator profile form the answers fill (the profile box's own state, so its rules apply). */
export function formStateOf(answers: FinderAnswers): ProfileFormState {
  const withPartner = answers.household !== 'solo' && answers.partner.edad.trim() !== '';
  const children = answers.household === 'familia' ? answers.children : [];
  return {
    titular: {
      sexo: answers.holder.sexo,
      edad: answers.holder.edad.trim(),
      prevision: answers.prevision,
      ingreso: answers.ingreso,
    },
    dependants: [
      ...(withPartner
        ? [{ sexo: answers.partner.sexo, edad: answers.partner.edad.trim(), parentesco: 'Cónyuge' }]
        : []),
      ...children.map((edad) => ({ sexo: '', edad: edad.trim(), parentesco: 'Hijo/Hija' })),
    ],
    pets: [],
    employees: '',
  };
}

/** What the comparator offers, as far as the finder needs it. */
export interface FinderComparator {
  insuranceTypes: readonly { name: string }[];
  features?: readonly { code: string }[];
}

export type FinderResult =
  { ok: true; profile: ApiProfile; search: string } | { ok: false; step: FinderStep; problems: StepProblems };

/**
 * The profile and the comparator's query string the answers give. Insurance types and features the
 * comparator does not offer are left out (a filter on them would only empty the page).
 */
export function finderResult(answers: FinderAnswers, comparator: FinderComparator): FinderResult {
  const unfinished = firstUnfinishedStep(answers);
  if (unfinished) return { ok: false, step: unfinished, problems: stepProblems(unfinished, answers) };
  const built = profileFromForm(formStateOf(answers), 'person', { country: 'CL' });
  // The steps already checked what the profile form checks; this is the same judgement, kept in one place.
  if (!built.ok) return { ok: false, step: 'people', problems: { 'holder.edad': 'error.age' } };
  const offeredTypes = new Set(comparator.insuranceTypes.map((type) => type.name));
  const offeredFeatures = new Set((comparator.features ?? []).map((feature) => feature.code));
  const search = searchFromFilters({
    insuranceTypes: NEEDS[answers.need].filter((type) => offeredTypes.has(type)),
    features: answers.features.filter((code) => offeredFeatures.has(code)),
    order: answers.priority,
  });
  return { ok: true, profile: built.profile, search };
}

/** Sets a child count, keeping the ages already typed. */
export function withChildren(children: readonly string[], count: number): string[] {
  const wanted = Math.max(0, Math.min(MAX_FINDER_CHILDREN, Math.floor(count)));
  return Array.from({ length: wanted }, (_, index) => children[index] ?? '');
}

/** Toggles a feature, refusing a fourth. */
export function toggleFeature(features: readonly string[], code: string): string[] {
  if (features.includes(code)) return features.filter((item) => item !== code);
  return features.length >= MAX_FINDER_FEATURES ? [...features] : [...features, code];
}
