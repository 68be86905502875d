import { z } from 'zod';
import { isConyuge } from './parentesco';
import { ageProblems } from './profileAges';
import type { Country } from './catalogue/common';

/**
 * The visitor profile (seed 000 §3 "Profile (perfil / perfilIngreso)", seed 002 §3 "Profile shapes").
 * Lenient where the original site was: numbers may arrive as text with thousands dots ('1.650.000'),
 * flags as 'true'/'si'/'1', a single cotizante or pet as an object instead of a list, blanks for "not
 * given". Strict where the seeds are: ages, at most two adults, at most 100 persons or pets.
 * Unknown keys are dropped, not refused: shared links carry old profiles with fields we no longer use.
 */

export const INVALID_PROFILE_MESSAGE = 'Perfil inválido';
/** A person without age is treated as 25 (rule 000-5.21; Peru's first insured too, 000-5.24). */
export const PERSON_DEFAULT_AGE = 25;
/** Holder and partner (rule 002-5.21). */
export const MAX_INSURED_ADULTS = 2;
/** Persons, and separately pets, per profile (rule 000-9.25). */
export const MAX_PROFILE_MEMBERS = 100;
/** Ages have three digits at most (rule 000-5.19). */
export const MAX_AGE = 999;
/** Peru work-risk (SCTR) income when none is given (seed 000 §3). */
export const SCTR_DEFAULT_INGRESO = 1000;

export const ADULTS_MESSAGE = 'A lo más dos adultos asegurados: el titular y su pareja';
export const ONE_SPOUSE_MESSAGE = 'Solo puede haber un cónyuge o pareja';
export const PERSONS_MESSAGE = `A lo más ${MAX_PROFILE_MEMBERS} personas por perfil`;
export const PETS_MESSAGE = `A lo más ${MAX_PROFILE_MEMBERS} mascotas por perfil`;
/** Seed 002 §5, chat pre-form wording, reused for the profile's e-mail. */
export const EMAIL_MESSAGE = 'Por favor, ingrese su dirección de correo electrónico válido';

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/**
 * '1.650.000', '$ 1.650.000', '1650000' and '1.650,5' become numbers; thousands dots are dropped
 * (rule 000-5.04). Anything else is left as it came so the number schema refuses it with its message.
 */
export function numberFromText(value: unknown): unknown {
  const given = blankToUndefined(value);
  if (typeof given !== 'string') return given;
  const text = given.replace(/[\s$]/g, '');
  if (!/^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/.test(text)) return value;
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

/** Ages are plain digits: a dot in an age is a typo, never a thousands separator. */
function ageFromText(value: unknown): unknown {
  const given = blankToUndefined(value);
  return typeof given === 'string' && /^\s*-?\d+\s*$/.test(given) ? Number(given) : given;
}

const TRUE_WORDS = new Set(['true', 'si', 'sí', 'yes', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'off']);

/** enPareja is stored as text in one form (seed 000 §3); other flags arrive as 1/0. */
function booleanFromText(value: unknown): unknown {
  const given = blankToUndefined(value);
  if (typeof given === 'number' && (given === 0 || given === 1)) return given === 1;
  if (typeof given !== 'string') return given;
  const word = given.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : given;
}

const textFrom = (value: unknown) => {
  const given = blankToUndefined(value);
  return typeof given === 'number' ? String(given) : given;
};

const optionalText = (what: string, max: number) =>
  z
    .preprocess(
      textFrom,
      z
        .string({ error: `${what} debe ser texto` })
        .trim()
        .max(max, `${what} admite a lo más ${max} caracteres`)
        .optional(),
    )
    .optional();

const amount = (what: string) =>
  z
    .preprocess(
      numberFromText,
      z
        .number({ error: `${what} debe ser un monto, por ejemplo 1.650.000` })
        .min(0, `${what} no puede ser negativo`)
        .optional(),
    )
    .optional();

const count = (what: string) =>
  z
    .preprocess(
      numberFromText,
      z
        .number({ error: `${what} debe ser un número entero` })
        .int(`${what} debe ser un número entero`)
        .min(0, `${what} no puede ser negativa`)
        .max(1_000_000, `${what} es demasiado grande`)
        .optional(),
    )
    .optional();

const flag = (what: string) =>
  z.preprocess(booleanFromText, z.boolean({ error: `${what} debe ser sí o no` }).optional()).optional();

/** bruto and imponible are either a flag (the ingreso given is gross / taxable) or that amount itself. */
const flagOrAmount = (what: string) =>
  z
    .preprocess(
      (value) => {
        const flagged = booleanFromText(value);
        return typeof flagged === 'boolean' ? flagged : numberFromText(value);
      },
      z.union([z.boolean(), z.number().min(0)], { error: `${what} debe ser sí, no o un monto` }).optional(),
    )
    .optional();

/** Whole years, 0 to 999, never negative (rules 000-5.19, 000-2.53). */
export const Edad = z
  .number({ error: 'La edad debe ser un número entero de años' })
  .int('La edad debe ser un número entero de años')
  .min(0, 'La edad no puede ser negativa')
  .max(MAX_AGE, 'La edad admite a lo más tres dígitos');
export type Edad = z.infer<typeof Edad>;
const edad = z.preprocess(ageFromText, Edad.optional()).optional();

export const Sexo = z.enum(['Masculino', 'Femenino'], { error: 'El sexo debe ser Masculino o Femenino' });
export type Sexo = z.infer<typeof Sexo>;

/** 'M' is left out on purpose: it is Masculino in M/F forms and Mujer in H/M ones. */
const SEXO_WORDS: Record<string, Sexo> = {
  masculino: 'Masculino',
  h: 'Masculino',
  hombre: 'Masculino',
  male: 'Masculino',
  femenino: 'Femenino',
  f: 'Femenino',
  mujer: 'Femenino',
  female: 'Femenino',
};
const sexo = z
  .preprocess((value) => {
    const given = blankToUndefined(value);
    return typeof given === 'string' ? (SEXO_WORDS[given.trim().toLowerCase()] ?? given) : given;
  }, Sexo.optional())
  .optional();

export const Prevision = z.enum(['Isapre', 'Fonasa'], { error: 'La previsión debe ser Isapre o Fonasa' });
export type Prevision = z.infer<typeof Prevision>;

/** Names in any case, or the health-system codes of seed 002 §3 (Isapre 12, Fonasa 2). */
const PREVISION_WORDS: Record<string, Prevision> = {
  isapre: 'Isapre',
  '12': 'Isapre',
  fonasa: 'Fonasa',
  '2': 'Fonasa',
};
const prevision = z
  .preprocess((value) => {
    const given = textFrom(value);
    return typeof given === 'string' ? (PREVISION_WORDS[given.trim().toLowerCase()] ?? given) : given;
  }, Prevision.optional())
  .optional();

/** A single object where a list is expected becomes a one-item list; blank means "none given". */
const listOf = <T extends z.ZodType>(item: T, max: number, tooMany: string) =>
  z
    .preprocess(
      (value) => {
        const given = blankToUndefined(value);
        return given !== undefined && typeof given === 'object' && !Array.isArray(given) ? [given] : given;
      },
      z.array(item, { error: 'Debe ser una lista' }).max(max, tooMany).optional(),
    )
    .optional();

export const Cotizante = z.object(
  {
    sexo,
    edad,
    /** CLP per month; net (líquido) unless bruto or imponible say otherwise. */
    ingreso: amount('El ingreso'),
    bruto: flagOrAmount('bruto'),
    imponible: flagOrAmount('imponible'),
    /** The most the visitor is willing to pay per month, CLP. */
    disposicion_max: amount('La disposición máxima a pagar'),
    parentesco: optionalText('El parentesco', 50),
    /** Colombia and international. */
    maternidad: flag('maternidad'),
    eps_actual: optionalText('La EPS actual', 100),
    nacionalidad: optionalText('La nacionalidad', 100),
    paisCobertura: optionalText('El país de cobertura', 100),
  },
  { error: 'Cada cotizante debe tener sexo y edad' },
);
export type Cotizante = z.infer<typeof Cotizante>;

/** parentescoCarga values that mean the partner (seed 000 §3); 'Cônjuge' as the bulk load normalises it (002-3.44). */
export const ParentescoConyuge = z.enum(['Cónyuge', 'Spouse']);
export type ParentescoConyuge = z.infer<typeof ParentescoConyuge>;

export { isConyuge };

export const Carga = z.object(
  { sexo, edad, parentesco: optionalText('El parentesco', 50) },
  { error: 'Cada carga debe tener sexo, edad y parentesco' },
);
export type Carga = z.infer<typeof Carga>;

export const Mascota = z.object(
  {
    raza: optionalText('La raza', 100),
    especie: optionalText('La especie', 50),
    edad,
    parentesco: z.preprocess(
      (value) => blankToUndefined(value) ?? 'Mascota',
      z.literal('Mascota', { error: 'El parentesco de una mascota es Mascota' }),
    ),
  },
  { error: 'Cada mascota debe tener especie, raza y edad' },
);
export type Mascota = z.infer<typeof Mascota>;

export const Region = z.object(
  {
    stateCode: z.preprocess(
      numberFromText,
      z.number({ error: 'La región necesita un código numérico (stateCode)' }).int().min(0),
    ),
    stateName: optionalText('El nombre de la región', 100),
    orderPosition: count('La posición de la región'),
    abbreviation: optionalText('La abreviatura de la región', 20),
  },
  { error: 'La región debe ser un objeto con su código (stateCode)' },
);
export type Region = z.infer<typeof Region>;

const Titular = z.object(
  {
    nacionalidad: optionalText('La nacionalidad', 100),
    paisCobertura: optionalText('El país de cobertura', 100),
  },
  { error: 'El titular debe tener nacionalidad y país de cobertura' },
);

const Prices = z.object(
  { preciomin: amount('El precio mínimo'), preciomax: amount('El precio máximo') },
  { error: 'Los precios deben tener preciomin y preciomax' },
);

const Colectivo = z.object(
  {
    cantidadempleados: count('La cantidad de empleados'),
    /** Peru (seed 002 §3). */
    sistemaprevisional: optionalText('El sistema previsional', 100),
  },
  { error: 'El colectivo debe tener la cantidad de empleados' },
);

const ColectivoGrupo = z.object(
  {
    cantidadDeTrabajadores: count('La cantidad de trabajadores'),
    cantidadDeCargas: count('La cantidad de cargas'),
  },
  { error: 'Cada colectivo debe tener cantidad de trabajadores y de cargas' },
);

/** Peru work-risk insurance (SCTR); ingreso defaults to 1000 in normalizeProfile. */
const Sctr = z.object(
  {
    cantidadempleados: count('La cantidad de empleados'),
    ingreso: amount('El ingreso'),
    sector: optionalText('El sector', 100),
    tipo_trabajo: optionalText('El tipo de trabajo', 100),
  },
  { error: 'Los datos SCTR deben tener cantidad de empleados, ingreso, sector y tipo de trabajo' },
);

const email = z
  .preprocess(
    blankToUndefined,
    z
      .string({ error: EMAIL_MESSAGE })
      .trim()
      .regex(/^[^\s@]{1,64}@[^\s@]+\.[A-Za-z]{2,}$/, EMAIL_MESSAGE)
      .optional(),
  )
  .optional();

export const Profile = z
  .object(
    {
      cotizante: listOf(Cotizante, MAX_INSURED_ADULTS, ADULTS_MESSAGE),
      titular: Titular.optional(),
      cargas: listOf(Carga, MAX_PROFILE_MEMBERS, PERSONS_MESSAGE),
      mascota: listOf(Mascota, MAX_PROFILE_MEMBERS, PETS_MESSAGE),
      enPareja: flag('enPareja'),
      ingresodatos: flag('ingresodatos'),
      region: Region.optional(),
      prevision,
      previsiones: z
        .preprocess(
          (value) => {
            const given = textFrom(value);
            if (typeof given === 'string') return given.split(',').map((id) => id.trim());
            return Array.isArray(given) ? given.map(textFrom) : given;
          },
          z.array(z.string({ error: 'Cada previsión debe ser texto o un código' }).min(1)).optional(),
        )
        .optional(),
      prices: Prices.optional(),
      cantidadEmpleados: count('La cantidad de empleados'),
      colectivo: Colectivo.optional(),
      colectivos: listOf(ColectivoGrupo, MAX_PROFILE_MEMBERS, 'A lo más 100 colectivos por perfil'),
      cantidadGuardias: count('La cantidad de guardias'),
      sctr: Sctr.optional(),
      email,
      rut: optionalText('El RUT', 20),
      telefono: optionalText('El teléfono', 30),
      nombre: optionalText('El nombre', 200),
      idSalesforce: optionalText('idSalesforce', 100),
    },
    { error: INVALID_PROFILE_MESSAGE },
  )
  .superRefine((profile, ctx) => {
    const cotizantes = profile.cotizante?.length ?? 0;
    const cargas = profile.cargas ?? [];
    const spouses = cargas.filter((carga) => isConyuge(carga.parentesco)).length;
    if (spouses > 1) ctx.addIssue({ code: 'custom', path: ['cargas'], message: ONE_SPOUSE_MESSAGE });
    else if (cotizantes + spouses > MAX_INSURED_ADULTS)
      ctx.addIssue({ code: 'custom', path: ['cargas'], message: ADULTS_MESSAGE });
    if (cotizantes + cargas.length > MAX_PROFILE_MEMBERS)
      ctx.addIssue({ code: 'custom', path: ['cargas'], message: PERSONS_MESSAGE });
    const { preciomin, preciomax } = profile.prices ?? {};
    if (preciomin !== undefined && preciomax !== undefined && preciomin > preciomax)
      ctx.addIssue({
        code: 'custom',
        path: ['prices', 'preciomin'],
        message: 'El precio mínimo no puede ser mayor que el máximo',
      });
  });
export type Profile = z.infer<typeof Profile>;

/**
 * A profile that enters the API to be priced or quoted (compare, calculatePrice, lead requests): the
 * stored shape plus human ages (schemas/src/profileAges.ts). Stored profiles stay `Profile`, so events
 * written before the age rules still read.
 */
export const QuoteProfile = Profile.superRefine((profile, ctx) => {
  for (const problem of ageProblems(profile))
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message, params: { rule: 'age' } });
});
/** What a client may send: numbers as text, flags as words. */
export type ProfileInput = z.input<typeof Profile>;

/** Región Metropolitana, first in the list of regions (seed 002 §3). */
export const DEFAULT_REGION: Region = {
  stateCode: 13,
  stateName: 'Metropolitana de Santiago',
  orderPosition: 1,
  abbreviation: 'RM',
};

/** Default profile of the shared logic (seed 000 §3, 002 §9). */
export const DEFAULT_GENERAL_PROFILE: Profile = {
  cotizante: [{ sexo: 'Masculino', edad: 27, ingreso: 1_650_000 }],
};

/** Default profiles per edition (seed 000 §3, rules 000-3.32, 000-3.33). */
export function defaultProfile(country?: Country): Profile {
  switch (country) {
    case undefined:
      return structuredClone(DEFAULT_GENERAL_PROFILE);
    case 'CL':
      return { cotizante: [{ sexo: 'Masculino', edad: PERSON_DEFAULT_AGE }], region: { ...DEFAULT_REGION } };
    case 'PE':
    case 'CO':
      return { cotizante: [{ sexo: 'Masculino', edad: PERSON_DEFAULT_AGE }] };
    case 'INT':
      return { cotizante: [{ edad: PERSON_DEFAULT_AGE }] };
    default: {
      const unknown: never = country;
      throw new Error(`unknown country ${String(unknown)}`);
    }
  }
}

export type NormalizeProfileOptions = {
  /** Edition whose default profile fills an empty one; without it, the shared-logic default. */
  country?: Country;
  /** Collective (group) insurance: an empty sex becomes Masculino (rule 000-4.05). */
  collective?: boolean;
};

/**
 * Applies the seeds' defaults to a parsed profile, returning a new one: no cotizante gives the
 * edition's default profile; a person without age is 25 (000-5.21); Chile without region is region 13;
 * collective insurance turns an empty sex into Masculino (000-4.05); SCTR ingreso defaults to 1000.
 */
export function normalizeProfile(profile: Profile, options: NormalizeProfileOptions = {}): Profile {
  const base = defaultProfile(options.country);
  const given = profile.cotizante && profile.cotizante.length > 0;
  const fill = <T extends { edad?: number; sexo?: Sexo }>(person: T): T => ({
    ...person,
    edad: person.edad ?? PERSON_DEFAULT_AGE,
    ...(options.collective && person.sexo === undefined ? { sexo: 'Masculino' as const } : {}),
  });
  const normalized: Profile = {
    ...profile,
    cotizante: (given ? profile.cotizante! : base.cotizante!).map(fill),
    ...(profile.cargas ? { cargas: profile.cargas.map(fill) } : {}),
  };
  if (options.country === 'CL' && !profile.region) normalized.region = { ...DEFAULT_REGION };
  if (profile.sctr)
    normalized.sctr = { ...profile.sctr, ingreso: profile.sctr.ingreso ?? SCTR_DEFAULT_INGRESO };
  return normalized;
}

/** Colombia only: the current health provider cannot be 'notengo' (rule 000-5.23). */
export const EPS_REQUIRED_MESSAGE = 'Indique su EPS actual';

/** Refusals that depend on the edition, as Spanish messages; none means the profile may be used there. */
export function profileRefusalsFor(country: Country, profile: Profile): string[] {
  if (country !== 'CO') return [];
  const withoutEps = (profile.cotizante ?? []).some(
    (cotizante) => cotizante.eps_actual?.toLowerCase() === 'notengo',
  );
  return withoutEps ? [EPS_REQUIRED_MESSAGE] : [];
}
