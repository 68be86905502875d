import { OPTIMIZE_ORIGIN_PATHS } from '../site';

/**
 * Fixed reference lists of the back-office (seed 002 §3, §4, §8) that the console shows but nobody edits:
 * executive account movements, recess reasons, support tickets, document reviews, the assignment error
 * codes, currencies and billing documents, page types, isapre codes and origin sources. Ids and codes are
 * the seed's; Spanish labels are ours where the seed gives English descriptions.
 */

/** Executive account movements (rule 002-3.22): deposits and bonuses credit, charges debit. */
export const MOVEMENT_TYPES = [
  { id: 1, name: 'Depósito', kind: 'deposit' },
  { id: 2, name: 'Depósito por transferencia', kind: 'deposit' },
  { id: 11, name: 'Bono', kind: 'bonus' },
  { id: 12, name: 'Bono por desempeño', kind: 'bonus' },
  { id: 13, name: 'Reverso de cargo', kind: 'reversal' },
  { id: 99, name: 'Otro ingreso', kind: 'income' },
  { id: 101, name: 'Cargo por prospecto cerrado', kind: 'charge' },
  { id: 102, name: 'Retiro', kind: 'charge' },
  { id: 103, name: 'Cargo por envío', kind: 'charge' },
  { id: 199, name: 'Otro cargo', kind: 'charge' },
] as const;

/** Why an executive stops receiving leads for a while (rule 002-3.23). */
export const RECESS_REASONS = [
  'Vacaciones',
  'Saldo Bajo',
  'Inactividad',
  'Licencia Médica',
  'Bajo Rendimiento',
  'Otros',
] as const;
export type RecessReason = (typeof RECESS_REASONS)[number];

/** Support ticket priorities (rule 002-3.33), most urgent first. */
export const TICKET_PRIORITIES = [
  { id: 'urgent', name: 'Urgente' },
  { id: 'high', name: 'Alta' },
  { id: 'normal', name: 'Normal' },
  { id: 'low', name: 'Baja' },
] as const;

/** Support ticket statuses and how they show (rule 002-3.34). */
export const TICKET_STATUSES = [
  { id: 'new', name: 'Nuevo' },
  { id: 'open', name: 'Abierto' },
  { id: 'pending', name: 'Pendiente' },
  { id: 'hold', name: 'En Espera' },
  { id: 'solved', name: 'Completado' },
] as const;

/** Review states of an uploaded document (rule 002-4.06). */
export const DOCUMENT_REVIEW_STATES = [
  { id: 'APPROVED', name: 'Aprobado' },
  { id: 'PENDING', name: 'Pendiente' },
  { id: 'REJECTED', name: 'Rechazado' },
  { id: 'NO_ACTION', name: 'Sin acción' },
] as const;

/** Assignment error codes (rule 002-8.06): the notice to the executive failed, or the assignment did. */
export const ASSIGNMENT_CODES = [
  { id: 'CODE001', name: 'Error de correo' },
  { id: 'CODE002', name: 'Error de asignación' },
] as const;

/**
 * The seed's full currency enumeration (rule 002-3.16), with the countries that sell in each (002-3.15:
 * CLP and UF in Chile, PEN and USD in Peru, COP in Colombia). A payment moves money in CLP, PEN, USD or
 * COP only (payments/minorUnits.ts): UF prices are converted to CLP with the day's UF value, MXN names an
 * insurer's tariff currency no edition sells in yet, and '%' a price given as a share of another (a
 * deductible or a co-payment), never a payment.
 */
export const CURRENCY_ENUMERATION = [
  { id: 'CLP', name: 'Peso chileno', countries: ['CL'], payable: true },
  { id: 'UF', name: 'Unidad de Fomento', countries: ['CL'], payable: false },
  { id: 'USD', name: 'Dólar estadounidense', countries: ['PE', 'INT'], payable: true },
  { id: 'COP', name: 'Peso colombiano', countries: ['CO'], payable: true },
  { id: 'PEN', name: 'Sol peruano', countries: ['PE'], payable: true },
  { id: 'MXN', name: 'Peso mexicano', countries: [], payable: false },
  { id: '%', name: 'Porcentaje', countries: [], payable: false },
] as const;

/**
 * Billing and tax-document statuses (rule 002-3.32): the kinds of document a billing run issues, a bill
 * and the notes that correct it (a credit note lowers what a bill charged, a debit note raises it).
 */
export const TAX_DOCUMENT_STATUSES = [
  { id: 'BILL', name: 'Factura' },
  { id: 'CREDIT_NOTE', name: 'Nota de crédito' },
  { id: 'DEBIT_NOTE', name: 'Nota de débito' },
] as const;

/** A billing payment's states (rule 002-4.07), as the console names them. */
export const BILLING_PAYMENT_STATES = [
  { id: 'PENDING', name: 'Pendiente' },
  { id: 'LATE', name: 'Atrasado' },
  { id: 'PARTIAL', name: 'Parcial' },
  { id: 'PAID', name: 'Pagado' },
  { id: 'NA', name: 'No aplica' },
] as const;

/**
 * Page types (rule 002-2.07): the kinds of landing page of the Optimize application (id 2), each with the
 * origin paths of that application it covers (rule 002-2.09). Every Optimize origin path is of one type.
 */
const optimizePaths = (belongs: (path: string) => boolean) =>
  OPTIMIZE_ORIGIN_PATHS.filter(belongs) as readonly string[];
export const PAGE_TYPES = [
  {
    id: 'contactos',
    name: 'Contactos',
    webApplicationId: 2,
    originPaths: optimizePaths((path) => path.startsWith('/contactos/')),
  },
  {
    id: 'seguros-de-salud',
    name: 'Seguros de salud',
    webApplicationId: 2,
    originPaths: optimizePaths((path) => path === '/seguros-de-salud'),
  },
  {
    id: 'planes-de-isapre',
    name: 'Planes de isapre',
    webApplicationId: 2,
    // The application's path says planes-de-isapres; the page type, planes-de-isapre (seed 002 §2).
    originPaths: optimizePaths((path) => path === '/planes-de-isapres'),
  },
] as const;

/**
 * The isapre catalogue's codes (rule 002-3.28), in the seed's order: codes 81 and 88 are both Nueva Masvida
 * (Optima, 81, was renamed Nueva Masvida and took over Masvida's members, 88), and 999 stands for any other
 * isapre. The catalogue's isapre organizations carry these codes (catalogue/import/isapreOrganizations.ts).
 */
export const ISAPRE_CODES = [
  { id: 62, name: 'San Lorenzo' },
  { id: 63, name: 'Fusat' },
  { id: 65, name: 'Chuquicamata' },
  { id: 67, name: 'Colmena' },
  { id: 68, name: 'Río Blanco' },
  { id: 76, name: 'Fundación' },
  { id: 78, name: 'CruzBlanca' },
  { id: 80, name: 'Vida Tres' },
  { id: 81, name: 'Nueva Masvida' },
  { id: 88, name: 'Nueva Masvida' },
  { id: 99, name: 'Banmédica' },
  { id: 94, name: 'Cruz del Norte' },
  { id: 107, name: 'Consalud' },
  { id: 108, name: 'Esencial' },
  { id: 999, name: 'Otras' },
] as const;

/**
 * Origin sources (rule 002-3.37): the systems and channels a request can come from. Leads do not carry
 * one yet (services/src/leads/README.md, "Origin source"); the console lists the vocabulary.
 */
export const ORIGIN_SOURCES = [
  'AMERINS',
  'QUEPLAN.CL',
  'EMPRESAS',
  'REDSALUD',
  'REDSALUD_TLMK',
  'REDSALUD_ZAPIER',
  'QPSUBSCRIPTION',
] as const;

/** The lists by the name the admin API serves them under: GET /api/admin/reference/{name}. */
export const REFERENCE_LISTS = {
  'movement-types': MOVEMENT_TYPES,
  'recess-reasons': RECESS_REASONS.map((name) => ({ id: name, name })),
  'ticket-priorities': TICKET_PRIORITIES,
  'ticket-statuses': TICKET_STATUSES,
  'document-review-states': DOCUMENT_REVIEW_STATES,
  'assignment-codes': ASSIGNMENT_CODES,
  currencies: CURRENCY_ENUMERATION,
  'tax-document-statuses': TAX_DOCUMENT_STATUSES,
  'billing-payment-states': BILLING_PAYMENT_STATES,
  'page-types': PAGE_TYPES,
  isapres: ISAPRE_CODES,
  'origin-sources': ORIGIN_SOURCES.map((id) => ({ id })),
} as const;
export type ReferenceListName = keyof typeof REFERENCE_LISTS;
