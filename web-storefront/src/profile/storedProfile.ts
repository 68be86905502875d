import { SITE } from '../app/config';
import { loadProfile, saveProfile } from '../domain/profile/storage';

/**
 * The visitor's saved profile for a product type; none when the browser refuses storage (private mode,
 * blocked cookies: touching `localStorage` itself throws there).
 */
export function storedProfile(productType: string): Record<string, unknown> | null {
  try {
    return loadProfile(window.localStorage, SITE.country, productType);
  } catch {
    return null;
  }
}

/** Saves it; false when the browser refuses (the profile then lives for the visit only). */
export function storeProfile(productType: string, profile: Record<string, unknown>): boolean {
  try {
    return saveProfile(window.localStorage, SITE.country, productType, profile);
  } catch {
    return false;
  }
}
