import { useEffect, useState } from 'react';
import { api } from '../api/client';
import type { CardPriceBlock } from '../api/types';
import { serviceErrorText } from '../domain/shell/serviceErrors';
import { useProfiles } from '../profile/ProfileContext';
import type { Product } from '../api/types';

export interface QuotedPrice {
  /** The price for the visitor's profile, or the product's "Desde" price without one. */
  price: CardPriceBlock;
  status: 'ready' | 'loading' | 'failed';
  error: string | null;
}

interface CalculatedPrice {
  data: { price: CardPriceBlock };
}

/**
 * The product's price for the visitor's saved profile (issue 11: the detail said 'Desde $55.564' where the
 * card said $152.722 for a family): POST /api/insurance/{code}/calculatePrice, the comparator's own
 * pricer. Without a profile it is the product's "Desde" price; if the call fails, that price too, with
 * 001-8.11's message.
 */
export function useQuotedPrice(product: Product): QuotedPrice {
  const profile = useProfiles().profileFor(product.productType);
  const unpriced: QuotedPrice = { price: product.card.price, status: 'ready', error: null };
  const [state, setState] = useState<QuotedPrice>(profile ? { ...unpriced, status: 'loading' } : unpriced);
  const key = JSON.stringify(profile);
  useEffect(() => {
    if (!profile) {
      setState(unpriced);
      return;
    }
    const controller = new AbortController();
    setState({ ...unpriced, status: 'loading' });
    api<CalculatedPrice>(`/api/insurance/${encodeURIComponent(product.productCode)}/calculatePrice`, {
      method: 'POST',
      body: { profile, productType: product.productType },
      signal: controller.signal,
    })
      .then(({ data }) => setState({ price: data.price, status: 'ready', error: null }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted)
          setState({ ...unpriced, status: 'failed', error: serviceErrorText('profilePrice', caught) });
      });
    return () => controller.abort();
  }, [product.productCode, key]);
  return state;
}
