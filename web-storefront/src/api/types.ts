/** What the storefront reads of the comparator API's answers (services/src/catalogue/views). */

export interface Money {
  /** The server's Spanish text ('Sin tope', 'UF 5.000'): the storefront words 0 and null itself. */
  text: string;
  amount?: number | null;
  unit?: string;
  period?: string | null;
}

export interface ResultCard {
  id: string;
  index: number;
  displayName: string;
  productCode: string;
  url: string;
  newWindowUrl: string;
  isNew: boolean;
  exclusive: boolean;
  isPromoted: boolean;
  distance: number | null;
  affinity: string | null;
  insuranceType: {
    name: string;
    displayName: string;
    color?: string;
    upperType?: { name: string; displayName: string };
  };
  organization: {
    code: string;
    displayName: string;
    metadata: { image?: string | null; url: string; typeAlias: string };
  };
  insuranceMetadata: {
    isPopular: boolean;
    salesChannel: string[];
    hasOffer: boolean;
    modality: string | null;
    product_type: string;
    minEmployeeQuantity: number | null;
    minsubscribers: number | null;
    price_detail?: {
      label: string;
      age_range: string | null;
      /** Persons the profile's price covers (null without a profile) and the ages the product insures. */
      insured?: number | null;
      ages?: { min: number; max: number } | null;
    };
  };
  price: CardPriceBlock;
  priceSuffix: string;
  coverage: string | { ambulatory: string; hospital: string } | null;
  topAmount: Money | null;
  deductible: Money | null;
  /** Clinics the catalogue lists; null where it lists none (isapre plans: the public extract has none). */
  providers: number | null;
  features: string[];
  requirements: { value: number; unit: string; previsionType: string; previousCoverage?: boolean } | null;
  offers: {
    type: string;
    instalments?: number;
    percent?: number;
    amount?: number;
    /** STOCK: promotions left; GIFTCARD: its value in pesos. */
    count?: number;
    amountClp?: number;
    remaining?: number;
    text?: string | null;
  }[];
  stockExhausted: boolean;
  plan?: {
    commercial: string;
    modality: 'Libre elección' | 'Prestador Preferente' | 'Plan Cerrado';
    birthCoverage: string;
    planType: string;
    restrictions: { code: number; label: string }[];
    ambulatoryCoverage?: number;
    hospitalCoverage?: number;
    annualTopUf?: number | null;
    fixedCopay?: boolean;
    regions?: number[];
    factorTable?: string;
    /** The plan's own factor table; null for the single table of the law. */
    factorTableCode?: string | null;
    basePriceUf?: number;
    gesUf?: number;
  };
  banner?: { text: string; links?: { label: string; url: string }[] } | null;
  isComparable?: boolean;
}

/** How often a price is paid (the catalogue's lower-case Spanish, rule 000-9.04). */
export type Periodicity = 'mensual' | 'anual' | 'semestral' | 'trimestral' | 'único';

/** A card's price block (services/src/catalogue/routes/README.md, "A card's price block"). */
export interface CardPriceBlock {
  value: number | null;
  unit: { code: string };
  label: string;
  suffix: string;
  formatted: string | null;
  arePricesDefined: boolean;
  uninsurable: { role?: string; sexo?: string; edad?: number; reason?: string }[];
  insured?: { role?: string; sexo?: string; edad?: number }[];
  tooltip?: string;
  /** The period of the amount shown: what the suffix says. */
  paymentMode?: Periodicity;
  collective?: 'total' | 'porEmpleado' | null;
  /** International special units: the area the price covers. */
  coverageArea?: 'Mundo' | 'USA' | 'Latam' | null;
  /** A UF price: its UF amount and the UF value of the day its pesos were computed at. */
  uf?: { amount: number; text: string; ufValue: number; date: string } | null;
}

export interface CompareAnswer {
  metaData: {
    uuid: string;
    total: number;
    page: number;
    take: number;
    profileErrors?: { field: string; message: string }[];
  };
  data: ResultCard[];
}

export interface Feature {
  code: string;
  name: string;
  description?: string;
  icon?: string;
}

export interface Comparator {
  id: string;
  code: string;
  name: string;
  baseUrl: string;
  insuranceTypes: { name: string; urlSegment: string; displayName: string }[];
  organizationTypes: string[];
  productType: string;
  pageSize: number;
  showcase: boolean;
  /** The currency its cards' prices, and so its price filter, are in (issue 11). */
  priceCurrency?: string;
  features?: Feature[];
  faq?: { question: string; answer: string }[];
  title?: string;
  description?: string;
}

export interface Organization {
  id: string;
  code: string;
  displayName: string;
  type: string;
  typeAlias: string;
  url: string;
  image?: string | null;
  productCount?: number;
}

export interface MenuItem {
  id: string;
  displayName: string;
  url: string;
  target?: string;
  title?: string;
  color?: string;
  categories: MenuItem[];
}

export interface Product {
  id: string;
  productCode: string;
  kind: 'product' | 'isaprePlan';
  displayName: string;
  url: string;
  detailPath: string;
  productType: string;
  organization: { code: string; displayName: string; url?: string; image?: string | null };
  insuranceType: { name: string; displayName: string };
  definition: { description?: string | null };
  card: ResultCard;
}
