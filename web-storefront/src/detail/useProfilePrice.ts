import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';
import type { Product, ResultCard } from '../api/types';
import type { ApiProfile } from '../profile/ProfileContext';
import type { CalculatePriceAnswer } from '@cubre/schemas/catalogue/priceBreakdown';

/** POST calculatePrice's answer: the server's own type (schemas/, `import type`). */
type PriceAnswer = CalculatePriceAnswer;

export type PricedCard =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; card: ResultCard }
  | { status: 'failed'; retry(): void };

/**
 * A product's card priced for the visitor's profile (000-4.11): POST calculatePrice, the comparator's own
 * pricer, so a table opened from a shared link reads the prices the visitor's comparator would. A profile
 * that prices nothing here (422: no cotizante, no income for a 7% plan) leaves the card's 'Desde' price.
 * Idle without a product or a profile.
 */
export function useProfilePrice(product: Product | null, profile: ApiProfile | null): PricedCard {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PricedCard>({ status: 'idle' });
  // Stored profiles are read afresh on every render: the call follows the profile's content, not its object.
  const profileJson = profile ? JSON.stringify(profile) : null;
  useEffect(() => {
    if (!product || !profileJson) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    const body = {
      profile: JSON.parse(profileJson) as ApiProfile,
      ...(product.productType ? { productType: product.productType } : {}),
    };
    api<PriceAnswer>(`/api/insurance/${encodeURIComponent(product.productCode)}/calculatePrice`, {
      method: 'POST',
      body,
    })
      .then(({ data }) => {
        if (!live) return;
        const card: ResultCard = {
          ...product.card,
          price: data.price,
          priceSuffix: data.priceSuffix,
          insuranceMetadata: { ...product.card.insuranceMetadata, price_detail: data.priceDetail },
        };
        setState({ status: 'ready', card });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 422)
          setState({ status: 'ready', card: product.card });
        else setState({ status: 'failed', retry: () => setAttempt((n) => n + 1) });
      });
    return () => {
      live = false;
    };
  }, [product, profileJson, attempt]);
  return state;
}
