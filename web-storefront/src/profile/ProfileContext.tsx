import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { storedProfile, storeProfile } from './storedProfile';

/** The profile as the API takes it (schemas/src/profile.ts); the storefront only builds and stores it. */
export type ApiProfile = Record<string, unknown> & {
  cotizante?: { sexo?: string; edad?: number; ingreso?: number }[];
  cargas?: { sexo?: string; edad?: number; parentesco?: string }[];
  mascota?: { especie?: string; raza?: string; edad?: number }[];
  prevision?: string;
  colectivo?: { cantidadempleados?: number };
};

interface Profiles {
  profileFor(productType: string): ApiProfile | null;
  setProfileFor(productType: string, profile: ApiProfile | null): void;
  /** Bumps on every submitted profile so the comparator refetches prices (000-4.06). */
  version: number;
}

const ProfilesContext = createContext<Profiles | null>(null);

/**
 * Profiles per product type, kept in local storage under the edition's versioned key (000-3.20) so a
 * returning visitor finds theirs (000-4.01). A storage failure (private mode) keeps it for the visit only.
 */
export function ProfilesProvider({ children }: { children: ReactNode }) {
  const [memory, setMemory] = useState<Record<string, ApiProfile | null>>({});
  const [version, setVersion] = useState(0);
  const profileFor = useCallback(
    (productType: string) => {
      if (productType in memory) return memory[productType] ?? null;
      return storedProfile(productType) as ApiProfile | null;
    },
    [memory],
  );
  const setProfileFor = useCallback((productType: string, profile: ApiProfile | null) => {
    setMemory((current) => ({ ...current, [productType]: profile }));
    if (profile) storeProfile(productType, profile);
    setVersion((n) => n + 1);
  }, []);
  const value = useMemo(() => ({ profileFor, setProfileFor, version }), [profileFor, setProfileFor, version]);
  return <ProfilesContext.Provider value={value}>{children}</ProfilesContext.Provider>;
}

export function useProfiles(): Profiles {
  const profiles = useContext(ProfilesContext);
  if (!profiles) throw new Error('useProfiles outside ProfilesProvider');
  return profiles;
}
