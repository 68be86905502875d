import type { Product, ResultCard } from '../api/types';
import { useResource, type Resource } from '../detail/useResource';
import type {
  CoverageResume,
  FeaturesAnswer,
  ProvidersAnswer,
  TopsAnswer,
} from '../domain/compare/compareRows';
import { useProfiles } from '../profile/ProfileContext';
import { useProfilePrice } from '../detail/useProfilePrice';

export type ColumnCardState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; retry(): void }
  | { status: 'ready'; card: ResultCard };

/** One column of Comparar-Planes: its card and the per-product answers its sections need. */
export interface CompareColumn {
  code: string | null;
  card: ColumnCardState;
  /** The product answer, once in: what the request button carries to Solicitar (000-2.36). */
  product: Product | null;
  /** The visitor's health system for this product type (coverage amounts by system, 000-6.02). */
  prevision: unknown;
  resume: Resource<CoverageResume> | null;
  tops: Resource<TopsAnswer> | null;
  providers: Resource<ProvidersAnswer> | null;
  conditions: Resource<{ data: string[] }> | null;
  exclusions: Resource<{ data: string[] }> | null;
  features: Resource<FeaturesAnswer> | null;
}

/**
 * Loads one column, on its own, when it names a product. A card from the compare slots was priced for
 * the visitor by the comparator call and is used as it is; a product only the address names (a shared
 * link) is looked up by code and priced for the visitor's profile, or shown with its 'Desde' price
 * without one. The section answers are the detail tabs' GETs (cached, so the detail reuses them).
 */
export function useCompareColumn(code: string | null, slotCard: ResultCard | null): CompareColumn {
  const profiles = useProfiles();
  const id = code ? encodeURIComponent(code) : null;
  const productAnswer = useResource<Product>(id && `/api/insurance/product/${id}`);
  const product = productAnswer.status === 'ready' ? productAnswer.data : null;
  const profile = !slotCard && product ? profiles.profileFor(product.productType) : null;
  const priced = useProfilePrice(slotCard ? null : product, profile);
  // A shared code waits for its product, so a code that names nothing asks for nothing more.
  const known = id !== null && (slotCard !== null || product !== null);
  const path = (resource: string) => (known ? `/api/insurance/${id}/${resource}` : null);
  const resume = useResource<CoverageResume>(known ? `/api/insurance/coverages/${id}/resume` : null);
  const tops = useResource<TopsAnswer>(path('topAmountsAndDeductibles'));
  const providers = useResource<ProvidersAnswer>(path('coverageOrganizations'));
  const conditions = useResource<{ data: string[] }>(path('conditions'));
  const exclusions = useResource<{ data: string[] }>(path('exclusions'));
  const features = useResource<FeaturesAnswer>(path('features'));

  const card = ((): ColumnCardState => {
    if (code === null) return { status: 'empty' };
    if (slotCard) return { status: 'ready', card: slotCard };
    if (productAnswer.status === 'failed')
      return productAnswer.httpStatus === 404 || productAnswer.httpStatus === 400
        ? { status: 'missing' }
        : { status: 'failed', retry: productAnswer.retry };
    if (!product) return { status: 'loading' };
    if (!profile) return { status: 'ready', card: product.card };
    if (priced.status === 'ready' || priced.status === 'failed') return priced;
    return { status: 'loading' };
  })();
  const productType = card.status === 'ready' ? card.card.insuranceMetadata.product_type : null;
  const on = <T>(resource: Resource<T>) => (known ? resource : null);
  return {
    code,
    card,
    product,
    prevision: productType === null ? undefined : profiles.profileFor(productType)?.prevision,
    resume: on(resume),
    tops: on(tops),
    providers: on(providers),
    conditions: on(conditions),
    exclusions: on(exclusions),
    features: on(features),
  };
}
