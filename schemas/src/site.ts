import { z } from 'zod';
import { CatalogueCode, Country, ProductType } from './catalogue/common';
import { eventOf } from './events';
import { INTERCEPTOR_QUERY } from './interceptors';
import { Profile, QuoteProfile } from './profile';
import { countryCodeOf } from './countries';

/**
 * The site shell's API (seed 001 §3, §7; seed 000 §3, §7; seed 002 §2, §3): menu, contact channels, route
 * translation, version, business line, the profile form and shared insurance links. Types come from here.
 */

// ─── Strictness for lenient schemas ─────────────────────────────────────────────────────────────────────

type Path = (string | number)[];
type Def = {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  out?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
};
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys of `value` that `schema` does not know, at any depth. The visitor profile drops unknown keys (old
 * shared links carry retired fields), but a form post is refused by name instead, so a typo in a field
 * name is never silently lost. Walks objects, arrays (a single object where a list is expected counts as
 * one item, as the profile's preprocessing does), optionals, defaults and pipes.
 */
export function unknownKeysOf(schema: z.core.$ZodType, value: unknown, path: Path = []): Path[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? unknownKeysOf(def.innerType, value, path) : [];
    case 'pipe':
      return def.out ? unknownKeysOf(def.out, value, path) : [];
    case 'array': {
      if (!def.element) return [];
      const items = Array.isArray(value) ? value : isPlainObject(value) ? [value] : [];
      return items.flatMap((item, index) =>
        unknownKeysOf(def.element!, item, Array.isArray(value) ? [...path, index] : path),
      );
    }
    case 'object': {
      if (!isPlainObject(value) || !def.shape) return [];
      const shape = def.shape;
      return Object.keys(value).flatMap((key) =>
        Object.hasOwn(shape, key) ? unknownKeysOf(shape[key]!, value[key], [...path, key]) : [[...path, key]],
      );
    }
    default:
      return [];
  }
}

/**
 * `schema`, with unknown keys at any depth refused by name (`unknown_field`) alongside its own issues, so
 * one answer lists everything that is wrong.
 */
export const strictly = <T extends z.ZodType>(schema: T) =>
  z.unknown().transform((value, ctx): z.output<T> => {
    for (const path of unknownKeysOf(schema, value)) {
      const key = String(path[path.length - 1]);
      ctx.addIssue({
        code: 'unrecognized_keys',
        keys: [key],
        path: path.slice(0, -1),
        message: `campo no permitido: ${key}`,
      });
    }
    const result = schema.safeParse(value, { reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });

/** The visitor profile as a form or a share sends it: a priceable profile, unknown fields refused. */
export const StrictProfile = strictly(QuoteProfile);

/** Contact fields of a profile: personal data (seed 000 §3), never logged, never put in a shared link. */
export const PROFILE_CONTACT_FIELDS = ['email', 'rut', 'telefono', 'nombre', 'idSalesforce'] as const;

/** Editions by code or by the numeric ids of seed 002 §3 (1 Chile … 4 international), any case. */
export const CountryParam = z.preprocess(
  (value) => (typeof value === 'string' ? countryCodeOf(value) : value),
  z.enum(Country.options, { error: 'country es CL, PE, CO o INT (o 1 a 4)' }),
);

// ─── Countries (seed 002 §3) ────────────────────────────────────────────────────────────────────────────

export const CountryRecord = z.strictObject({
  id: z.number().int(),
  code: Country,
  name: z.string(),
  nationality: z.string(),
  phoneCode: z.string().nullable(),
});
export type CountryRecord = z.infer<typeof CountryRecord>;

/** Chile 1 (CL, +56), Peru 2 (PE, +51), Colombia 3 (CO, +57), Internacional 4 (rule 002-3.14). */
export const COUNTRIES: readonly CountryRecord[] = [
  { id: 1, code: 'CL', name: 'Chile', nationality: 'Chilena', phoneCode: '+56' },
  { id: 2, code: 'PE', name: 'Perú', nationality: 'Peruana', phoneCode: '+51' },
  { id: 3, code: 'CO', name: 'Colombia', nationality: 'Colombiana', phoneCode: '+57' },
  { id: 4, code: 'INT', name: 'Internacional', nationality: 'Internacional', phoneCode: null },
];

// ─── Menu (seed 001 §3 "Menu item", 001-7.01) ───────────────────────────────────────────────────────────

export interface MenuItem {
  id: string;
  displayName: string;
  url: string;
  target: '_self' | '_blank';
  title: string;
  icon: string;
  color: string;
  categories: MenuItem[];
  seoDescription: string;
  preloadBundle: string | null;
}
export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1),
    displayName: z.string().min(1),
    url: z.string().startsWith('/'),
    target: z.enum(['_self', '_blank']),
    title: z.string(),
    icon: z.string(),
    color: z.string(),
    categories: z.array(MenuItem),
    seoDescription: z.string().max(166),
    preloadBundle: z.string().nullable(),
  }),
);

export const MenuQuery = z.strictObject({ country: CountryParam.optional(), ...INTERCEPTOR_QUERY });

// ─── Contact channels (seed 002 §3 "Contact channels", 001-7.11) ────────────────────────────────────────

export const CONTACT_CHANNEL_TYPES = [
  'whatsapp',
  'phone',
  'email',
  'facebook',
  'instagram',
  'linkedin',
  'youtube',
  'tiktok',
  'x',
] as const;
export const ContactChannelType = z.enum(CONTACT_CHANNEL_TYPES);
export type ContactChannelType = z.infer<typeof ContactChannelType>;

/** A phone: optional plus, 1 to 3 digit prefix, 7 to 14 digits; spaces and dashes allowed (rule 002-5.06). */
export const PHONE_PATTERN = /^\+?\d{1,3}[\s-]?(?:\d[\s-]?){7,14}$/;
/** Local part up to 64 characters, a domain with a suffix of 2 or more letters (rule 002-5.07). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[A-Za-z]{2,}$/;

export const ContactChannel = z
  .strictObject({
    id: z.string().regex(/^[a-z][a-zA-Z0-9-]{0,39}$/, 'id: letras minúsculas, dígitos y guiones'),
    type: ContactChannelType,
    label: z.string().min(1).max(80),
    /** What the visitor reads: a number, an address, an account name. */
    value: z.string().min(1).max(200),
    /** Where a click goes; derived from the value for whatsapp, phone and email when not given. */
    url: z.url({ protocol: /^(https?|tel|mailto)$/ }).optional(),
    icon: z.string().max(60).optional(),
    /** Attention hours, as text ("Lunes a viernes de 9:00 a 18:00"). */
    schedule: z.string().max(200).optional(),
  })
  .superRefine((channel, ctx) => {
    if ((channel.type === 'whatsapp' || channel.type === 'phone') && !PHONE_PATTERN.test(channel.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'un teléfono: +56 9 1234 5678' });
    if (channel.type === 'email' && !EMAIL_PATTERN.test(channel.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'un correo: contacto@cubre.cl' });
    const needsUrl = !['whatsapp', 'phone', 'email'].includes(channel.type);
    if (needsUrl && !channel.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'una red social necesita su url' });
  });
export type ContactChannel = z.infer<typeof ContactChannel>;

/** The answer of GET api/contactInformations, and the shape of its configuration file: the seed's groups. */
export const ContactInformation = z.strictObject({
  contacts: z.array(ContactChannel).max(20),
  socialNetworks: z.array(ContactChannel).max(20),
});
export type ContactInformation = z.infer<typeof ContactInformation>;

/** One of Chile's regions as GET /api/regiones lists them for the request forms (the profile's `region`). */
export const RegionOption = z.object({
  stateCode: z.number(),
  stateName: z.string(),
  abbreviation: z.string(),
  /** Metropolitana (13) first, the default region of the Chilean profile (000-3.32). */
  orderPosition: z.number(),
});
export type RegionOption = z.infer<typeof RegionOption>;

/**
 * One of Chile's comunas as GET /api/comunas lists them (rule 002-3.18), from the official territorial codes
 * (CUT): `districtCode` is the comuna's code (13101), `comuna` the same code as the CUT prints it ('13101',
 * '01101'), `codCiudad` the code of its province ('131'), named after its capital city, and `districtName`
 * the comuna's name.
 */
export const DistrictOption = z.object({
  stateCode: z.number(),
  districtCode: z.number(),
  comuna: z.string(),
  codCiudad: z.string(),
  districtName: z.string(),
});
export type DistrictOption = z.infer<typeof DistrictOption>;

/** GET /api/comunas[?stateCode=]: one region's comunas, or all of them. */
export const DistrictsQuery = z.strictObject({
  stateCode: z.coerce
    .number({ error: 'stateCode es el código de una región (1 a 16)' })
    .int('stateCode es el código de una región (1 a 16)')
    .min(1, 'stateCode es el código de una región (1 a 16)')
    .max(16, 'stateCode es el código de una región (1 a 16)')
    .optional(),
  ...INTERCEPTOR_QUERY,
});

// ─── Route translation (seed 001 §1, §2; 001-7.05) ──────────────────────────────────────────────────────

export const SITE_LANGUAGES = ['es', 'en', 'pt'] as const;
export const SiteLanguage = z.enum(SITE_LANGUAGES);
export type SiteLanguage = z.infer<typeof SiteLanguage>;

/** The longest URL translated: as long as a saved comparator URL. */
export const TRANSLATED_URL_MAX_LENGTH = 2000;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The raw (still percent-encoded) rest of the path after /api/route-translator/, decoded once. */
export const RouteTranslatorParams = z.strictObject({
  encodedUrl: z
    .string()
    .min(1, 'encodedUrl es requerido')
    .max(TRANSLATED_URL_MAX_LENGTH * 3, `encodedUrl admite a lo más ${TRANSLATED_URL_MAX_LENGTH} caracteres`)
    .transform((raw, ctx) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'encodedUrl no es una URL codificada válida (codificación por ciento incorrecta)',
          params: { rule: 'encoding' },
        });
        return z.NEVER;
      }
      if (decoded.length > TRANSLATED_URL_MAX_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          message: `encodedUrl admite a lo más ${TRANSLATED_URL_MAX_LENGTH} caracteres`,
          params: { rule: 'max_length' },
        });
        return z.NEVER;
      }
      if (CONTROL_CHARACTERS.test(decoded)) {
        ctx.addIssue({
          code: 'custom',
          message: 'encodedUrl no puede contener caracteres de control',
          params: { rule: 'path' },
        });
        return z.NEVER;
      }
      return decoded;
    }),
});

export const RouteTranslation = z.strictObject({
  /** The language the given path is in (its prefix: none is Spanish). */
  language: SiteLanguage,
  /** The given path, as understood (prefix included, query kept). */
  path: z.string(),
  es: z.string(),
  en: z.string(),
  pt: z.string(),
  /** For `<link rel="alternate" hreflang>`: one per language plus x-default (Spanish). */
  alternates: z.array(z.strictObject({ hreflang: z.string(), language: SiteLanguage, path: z.string() })),
});
export type RouteTranslation = z.infer<typeof RouteTranslation>;

// ─── Version (001-7.06, 002 §7) ─────────────────────────────────────────────────────────────────────────

export const QP_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const QpVersionResponse = z.strictObject({ 'qp-version': z.string().regex(QP_VERSION_PATTERN) });
export type QpVersionResponse = z.infer<typeof QpVersionResponse>;

// ─── Business line (001-7.10; seed 002 §2 origin paths, §3 request types) ──────────────────────────────

/** Web applications of seed 001 §9 and 002 §2: 2 (Optimize landings) and 39 (the Chile site). */
export const WEB_APPLICATION_IDS = [2, 39] as const;

/** Origin paths of the Optimize application, id 2 (rule 002-2.09). */
export const OPTIMIZE_ORIGIN_PATHS = [
  '/seguros-de-salud',
  '/contactos/chile',
  '/contactos/peru',
  '/contactos/colombia',
  '/contactos/internationalhealth',
  '/planes-de-isapres',
] as const;

/** Origin paths of the Chile application, id 39 (rule 002-2.10). */
export const CHILE_ORIGIN_PATHS = [
  '/url/',
  '/Comparar/Isapres',
  '/Comparar/Seguros-de-Salud',
  '/Comparar/Seguro-Complementario-Empresa',
  '/Comparar/Seguros-Mascotas',
  '/Comparar/Seguros-de-Salud/Dental',
  '/Complementario',
  '/Catastrofico',
  '/Comparar/Seguros-de-Vida/Guardias',
  '/Comparar/Accidentes-Personales',
  '/Contacto',
] as const;

/** Request types a storefront lead can have (rule 002-3.21 less the back-office ones). */
export const LEAD_TYPES = ['Seguros', 'Planes', 'Contactos', 'Colectivos', 'International Health'] as const;
export const LeadType = z.enum(LEAD_TYPES);
export type LeadType = z.infer<typeof LeadType>;

const TRUE_WORDS = ['true', '1', 'si', 'sí', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** The two headers of GET api/business-line, as the request carries them (absent: undefined). */
export const BusinessLineHeaders = z.strictObject({
  'editable-business-line': z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => TRUE_WORDS.includes(text) || FALSE_WORDS.includes(text), {
      message: 'editable-business-line es true o false',
      params: { rule: 'allowed_values' },
    })
    .transform((text) => TRUE_WORDS.includes(text))
    .optional(),
  'lead-type': z
    .preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        const compact = value.replace(/[\s_-]/g, '').toLowerCase();
        return LEAD_TYPES.find((type) => type.replace(/\s/g, '').toLowerCase() === compact) ?? value;
      },
      z.enum(LEAD_TYPES, { error: `lead-type es uno de ${LEAD_TYPES.join(', ')}` }),
    )
    .optional(),
});

export const BusinessLineOrigin = z.strictObject({
  route: z.string().startsWith('/'),
  webApplicationId: z.union([z.literal(2), z.literal(39)]),
});
export type BusinessLineOrigin = z.infer<typeof BusinessLineOrigin>;

export const BusinessLineSummary = z.strictObject({
  code: z.string(),
  displayName: z.string(),
  leadType: LeadType,
});
export type BusinessLineSummary = z.infer<typeof BusinessLineSummary>;

export const BusinessLineResponse = BusinessLineSummary.extend({
  editable: z.boolean(),
  availableCountries: z.array(CountryRecord),
  origin: BusinessLineOrigin,
  /** The lines the visitor may switch to, only when editable. */
  options: z.array(BusinessLineSummary).optional(),
});
export type BusinessLineResponse = z.infer<typeof BusinessLineResponse>;

// ─── Profile form (seed 000 §3 "Profile form definition", 000-7.15, 000-7.16) ──────────────────────────

/** Exactly the field types of rule 000-3.23. */
export const PROFILE_FIELD_TYPES = ['checkbox', 'radio', 'input', 'select', 'array', 'group'] as const;
export const ProfileFieldType = z.enum(PROFILE_FIELD_TYPES);

/** What a product type's form asks (the brief's four kinds). */
export const PROFILE_FORM_KINDS = ['person', 'pet', 'collective', 'international'] as const;
export const ProfileFormKind = z.enum(PROFILE_FORM_KINDS);
export type ProfileFormKind = z.infer<typeof ProfileFormKind>;

export const AllowedValue = z.strictObject({ value: z.string(), label: z.string() });

export const ProfileFormField = z.strictObject({
  /** The key inside its group (`edad`), or the profile's own key for top-level fields. */
  fldName: z.string(),
  /** The array or group field this one belongs to; null at the top level. */
  groupedBy: z.string().nullable(),
  /** Layout wrapper the storefront renders the field in ("dependants-box", "row"). */
  wrapper: z.string().nullable(),
  /** Whether the field repeats (arrays: one row per person or pet). */
  isMultiple: z.boolean(),
  fieldType: z.strictObject({ fldType: ProfileFieldType, htmlType: z.string().nullable() }),
  elements: z.strictObject({
    label: z.string(),
    placeholder: z.string().nullable(),
    mask: z.string().nullable(),
    helper: z.string().nullable(),
    defaultValue: z.unknown(),
    dataType: z.enum(['string', 'integer', 'amount', 'boolean', 'object', 'list']),
    allowedValues: z.array(AllowedValue).nullable(),
    class: z.string().nullable(),
    groupClass: z.string().nullable(),
    hideExpression: z.string().nullable(),
    changeAction: z.string().nullable(),
    retrieveFunction: z.string().nullable(),
  }),
  /** The server's rules for this field, as the Profile schema applies them on POST …/data. */
  validation: z.strictObject({
    required: z.boolean(),
    min: z.number().optional(),
    max: z.number().optional(),
    maxLength: z.number().int().optional(),
    maxItems: z.number().int().optional(),
    forbiddenValues: z.array(z.string()).optional(),
    message: z.string().optional(),
    /** What a required field left blank says, when it is not `message`. */
    requiredMessage: z.string().optional(),
  }),
});
export type ProfileFormField = z.infer<typeof ProfileFormField>;

export const ProfileForm = z.strictObject({
  kind: ProfileFormKind,
  productType: ProductType,
  country: Country,
  /** Modal title: 'Who will be insured?', 'Enter number of employees' for collective (rule 000-2.47). */
  title: z.string(),
  /** Sex-and-age hint, or breed-and-age for pets (rule 000-2.48). */
  hint: z.string(),
  /** The 'enter your profile' tooltip, worded per kind (rule 000-2.51). */
  tooltip: z.string(),
  submitText: z.string(),
  /** 'Agregar Persona' (Peru), 'Agregar Mascota' (pets), the default text; null where adding is hidden. */
  addText: z.string().nullable(),
  invalidMessage: z.string(),
  /** The dependants box is hidden for collective, SCTR and SEGURO COLECTIVO (rule 000-2.56). */
  showDependants: z.boolean(),
  /** Versioned local-storage key: V1.7 for Chile, V1.6 elsewhere (rule 000-3.20). */
  storageKey: z.string(),
  /** Top-level fields of which at least one must be given (rule 000-5.25). */
  requiredFields: z.array(z.string()),
});
export type ProfileForm = z.infer<typeof ProfileForm>;

export const ProfileFormDefinition = z.strictObject({
  profileForm: ProfileForm,
  profileFormFields: z.array(ProfileFormField),
  /** Null: the server validates the posted profile itself (see services/src/site/README.md). */
  validationScriptUrl: z.string().nullable(),
});
export type ProfileFormDefinition = z.infer<typeof ProfileFormDefinition>;

const productTypeError = {
  error: `productType es uno de: ${ProductType.options.map((type) => `'${type}'`).join(', ')}`,
};

export const ProfileFormQuery = z.strictObject({
  productType: z.enum(ProductType.options, productTypeError).default(''),
  country: CountryParam.optional(),
  ...INTERCEPTOR_QUERY,
});

/** Body of POST /api/profile-form/data: the form model and its product type (seed 000 §7, 001 §7). */
export const ProfileFormDataBody = z.strictObject({
  model: StrictProfile,
  productType: z.enum(ProductType.options, productTypeError).default(''),
});

export const ProfileFormDataResponse = z.strictObject({
  profileId: z.uuid(),
  productType: ProductType,
  form: ProfileFormKind,
  country: Country,
  /** 'Se ingresaron todos los campos requeridos' or the fields missing (rule 000-5.25). */
  message: z.string(),
  missingFields: z.array(z.string()),
  savedAt: z.iso.datetime({ offset: true }),
});
export type ProfileFormDataResponse = z.infer<typeof ProfileFormDataResponse>;

/** Stream category of submitted visitor profiles: `visitorProfile-{profileId}`. */
export const VISITOR_PROFILE_CATEGORY = 'visitorProfile';

export const VisitorProfileData = z.strictObject({
  profileId: z.uuid(),
  productType: ProductType,
  form: ProfileFormKind,
  country: Country,
  /** The profile as parsed (contact fields included: the profile-entry service needs them for a lead). */
  profile: Profile,
});
export type VisitorProfileData = z.infer<typeof VisitorProfileData>;
export const VisitorProfileSubmitted = eventOf('VisitorProfileSubmitted', VisitorProfileData);
export const VisitorProfileRevised = eventOf('VisitorProfileRevised', VisitorProfileData);

// ─── Shared insurance links (seed 000 §7, 000-7.26; 000-2.28) ───────────────────────────────────────────

/** Stream category of shared insurance links: `sharedInsurance-{code}`. */
export const SHARED_INSURANCE_CATEGORY = 'sharedInsurance';
export const SHARED_INSURANCE_CODE_LENGTH = 10;
/** The profile kept in a share, as JSON (contact fields removed): 100 persons and 100 pets fit. */
export const SHARED_PROFILE_MAX_BYTES = 16 * 1024;
export const SHARED_URL_MAX_LENGTH = 2000;

export const SharedInsuranceCode = z
  .string()
  .regex(
    new RegExp(`^[0-9A-Za-z]{${SHARED_INSURANCE_CODE_LENGTH}}$`),
    `un código de enlace compartido son ${SHARED_INSURANCE_CODE_LENGTH} letras o dígitos`,
  );

const required = (what: string, type: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${what} es requerido` : `${what} debe ser ${type}`,
});

/** Body of POST and PUT /api/buscarplanes/sharedinsurance. */
export const ShareInsuranceBody = z.strictObject({
  /** The product shared (the `code` query parameter of the link, rule 000-2.28). */
  productCode: z.string(required('productCode', 'texto')).pipe(CatalogueCode),
  profile: StrictProfile,
  /** The comparator page the visitor shares from: this site's URL or a path. */
  url: z
    .string(required('url', 'texto'))
    .trim()
    .min(1, 'url es requerido')
    .max(SHARED_URL_MAX_LENGTH, `url admite a lo más ${SHARED_URL_MAX_LENGTH} caracteres`),
  /** Defaults to the product's own product type. */
  productType: z.enum(ProductType.options, productTypeError).optional(),
});

export const SharedInsuranceParams = z.strictObject({ code: SharedInsuranceCode });

export const SharedInsuranceData = z.strictObject({
  code: SharedInsuranceCode,
  productCode: CatalogueCode,
  productType: ProductType,
  /** The comparator's path and query, without perfil, code, skipLanding, productType or share. */
  path: z.string().startsWith('/').max(SHARED_URL_MAX_LENGTH),
  /** The profile without its contact fields. */
  profile: Profile,
});
export type SharedInsuranceData = z.infer<typeof SharedInsuranceData>;
export const SharedInsuranceSaved = eventOf('SharedInsuranceSaved', SharedInsuranceData);
export type SharedInsuranceSaved = z.infer<typeof SharedInsuranceSaved>;

export const SharedInsuranceResponse = z.strictObject({
  code: SharedInsuranceCode,
  /** The link to share: the comparator with code, skipLanding=true, productType and share; no profile in it. */
  link: z.string(),
  productCode: CatalogueCode,
  productType: ProductType,
  path: z.string(),
  savedAt: z.iso.datetime({ offset: true }),
});
export type SharedInsuranceResponse = z.infer<typeof SharedInsuranceResponse>;

export const ResolvedSharedInsurance = SharedInsuranceResponse.extend({
  profile: Profile,
  /** The shared quote URL of rule 000-2.28: code, skipLanding=true, perfil (base64 JSON) and productType. */
  url: z.string(),
  /** Whether the product is still in the catalogue. */
  productAvailable: z.boolean(),
});
export type ResolvedSharedInsurance = z.infer<typeof ResolvedSharedInsurance>;
