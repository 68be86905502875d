import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';
import type { Product } from '../api/types';

export type ProductState =
  | { status: 'loading' }
  | { status: 'ready'; product: Product }
  | { status: 'missing' }
  | { status: 'failed'; error: string };

/**
 * GET /api/insurance/product/{code} (000-7.01): by code or url. A product the navigation carried
 * (`carried`, 000-2.36) is used as it is, without the lookup.
 */
export function useProduct(key: string, carried: Product | null = null): ProductState {
  const [state, setState] = useState<ProductState>(
    carried ? { status: 'ready', product: carried } : { status: 'loading' },
  );
  useEffect(() => {
    if (carried) {
      setState({ status: 'ready', product: carried });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    api<Product>(`/api/insurance/product/${encodeURIComponent(key)}`)
      .then((product) => live && setState({ status: 'ready', product }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          setState({ status: 'missing' });
        else setState({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [key, carried]);
  return state;
}
