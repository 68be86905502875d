/** What the storefront reads of the comparator API's answers (services/src/catalogue/views). */

export interface Money {
  text: string;
  amount?: number | null;
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
    price_detail?: { label: string; age_range: string | null };
  };
  price: {
    value: number | null;
    unit: { code: string };
    label: string;
    suffix: string;
    formatted: string | null;
    arePricesDefined: boolean;
    uninsurable: { role?: string; sexo?: string; edad?: number; reason?: string }[];
    insured?: { role?: string; sexo?: string; edad?: number }[];
    tooltip?: string;
  };
  priceSuffix: string;
  coverage: string | { ambulatory: string; hospital: string } | null;
  topAmount: Money | null;
  deductible: Money | null;
  providers: number;
  features: string[];
  requirements: { value: number; unit: string; previsionType: string; previousCoverage?: boolean } | null;
  offers: {
    type: string;
    instalments?: number;
    percent?: number;
    amount?: number;
    remaining?: number;
    text?: string;
  }[];
  stockExhausted: boolean;
  plan?: {
    commercial: string;
    modality: string;
    birthCoverage: string;
    planType: string;
    restrictions: { code: number; label: string }[];
    regions?: number[];
    factorTable?: string;
    basePriceUf?: number;
    gesUf?: number;
  };
  banner?: { text: string; links?: { label: string; url: string }[] } | null;
  isComparable?: boolean;
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
