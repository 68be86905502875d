/**
 * The visitor's saved profile in browser storage (rules 000-3.19, 000-3.20, 000-4.01, 000-4.02).
 *
 * Key format: `perfil_{version}` for the default product type ('') and `perfil_{version}:{productType}`
 * for the others, the product type as the API names it ('perfil_V1.7:SEGURO COLECTIVO'). The version is
 * V1.7 in Chile and V1.6 in Peru, Colombia and the international edition; the prefix is the
 * `storageKey` the server's profile form definition gives. Bumping a version orphans older profiles,
 * which is the point: a profile of another shape is not pre-filled.
 *
 * Storage may be missing or throw (Safari private mode, quota, disabled cookies): every call catches and
 * reports through its return value, never by throwing.
 */

export type Country = 'CL' | 'PE' | 'CO' | 'INT';
export type StoredProfile = Record<string, unknown>;

export const PROFILE_KEY_VERSIONS: Readonly<Record<Country, string>> = Object.freeze({
  CL: 'V1.7',
  PE: 'V1.6',
  CO: 'V1.6',
  INT: 'V1.6',
});
/** Collective data (workers and dependants per group) lives under this exact key (000-3.19). */
export const COLECTIVOS_STORAGE_KEY = 'colectivos';
export const PET_PRODUCT_TYPE = 'SEGURO_MASCOTAS';

export function profileStorageKeyPrefix(country: Country): string {
  return `perfil_${PROFILE_KEY_VERSIONS[country]}`;
}

export function profileStorageKey(country: Country, productType: string | null | undefined): string {
  const type = (productType ?? '').trim();
  return type === '' ? profileStorageKeyPrefix(country) : `${profileStorageKeyPrefix(country)}:${type}`;
}

const isRecord = (value: unknown): value is StoredProfile =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function writeJson(storage: Pick<Storage, 'setItem'>, key: string, value: unknown): boolean {
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The saved profile for the edition and product type; null when none, unreadable, corrupt or not an object. */
export function loadProfile(
  storage: Pick<Storage, 'getItem'>,
  country: Country,
  productType: string | null | undefined,
): StoredProfile | null {
  const value = readJson(storage, profileStorageKey(country, productType));
  return isRecord(value) ? value : null;
}

/** Saves the profile; false when the storage refused (private mode, quota). */
export function saveProfile(
  storage: Pick<Storage, 'setItem'>,
  country: Country,
  productType: string | null | undefined,
  profile: StoredProfile,
): boolean {
  return writeJson(storage, profileStorageKey(country, productType), profile);
}

export interface ColectivoGroup {
  cantidadDeTrabajadores: number;
  cantidadDeCargas: number;
}

const isGroup = (value: unknown): value is ColectivoGroup =>
  isRecord(value) &&
  typeof value.cantidadDeTrabajadores === 'number' &&
  typeof value.cantidadDeCargas === 'number';

/** The stored collective groups (000-3.19); entries of another shape are dropped, corrupt data gives []. */
export function loadColectivos(storage: Pick<Storage, 'getItem'>): ColectivoGroup[] {
  const value = readJson(storage, COLECTIVOS_STORAGE_KEY);
  return Array.isArray(value) ? value.filter(isGroup) : [];
}

export function saveColectivos(
  storage: Pick<Storage, 'setItem'>,
  groups: readonly ColectivoGroup[],
): boolean {
  return writeJson(storage, COLECTIVOS_STORAGE_KEY, groups);
}

/**
 * What the form pre-fills from a saved profile (000-4.01): a copy of it, where a pet profile without
 * pets gets one empty pet row (000-4.02). Null when nothing is saved.
 */
export function prefillFor(
  saved: StoredProfile | null,
  productType: string | null | undefined,
): StoredProfile | null {
  if (saved === null) return null;
  const copy: StoredProfile = { ...saved };
  const pets = Array.isArray(saved.mascota) ? saved.mascota : [];
  if ((productType ?? '').trim().toUpperCase() === PET_PRODUCT_TYPE && pets.length === 0) {
    copy.mascota = [{ parentesco: 'Mascota' }];
  }
  return copy;
}
