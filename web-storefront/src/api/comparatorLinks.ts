import type { ComparatorLinkResponse } from '@cubre/schemas/comparatorLinks';
import { api } from './client';

/**
 * Saves an address of this site as a short link (seed 000 §7: POST api/buscarplanes/comparator-url);
 * `/url/{link}` brings a visitor back to it (000-2.29). The path is sent, never another host's address.
 */
export function saveShortLink(path: string): Promise<ComparatorLinkResponse> {
  return api<ComparatorLinkResponse>('/api/buscarplanes/comparator-url', {
    method: 'POST',
    body: { url: path },
  });
}
