import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ResultCard } from '../api/types';
import {
  emptySlots,
  isDisabled,
  isSelected,
  remove,
  selectedCount,
  slotsOf,
  toggle,
  type CompareSlots,
} from '../domain/compare/compareSlots';

interface CompareState {
  slots: CompareSlots<ResultCard>;
  count: number;
  isSelected(id: string): boolean;
  isDisabled(id: string): boolean;
  toggle(card: ResultCard): void;
  remove(index: number): void;
  /** Puts these plans in the slots, in order (Comparar-Planes opened from a shared link). */
  set(cards: readonly ResultCard[]): void;
  clear(): void;
}

const CompareContext = createContext<CompareState | null>(null);
const KEY = 'compare-slots';

function stored(): CompareSlots<ResultCard> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (Array.isArray(parsed) && parsed.length === 3) return parsed as unknown as CompareSlots<ResultCard>;
  } catch {
    /* a broken entry starts empty */
  }
  return emptySlots();
}

/** The three compare slots (000-4.13…4.17), kept for the visit so Comparar-Planes finds them. */
export function CompareProvider({ children }: { children: ReactNode }) {
  const [slots, setSlots] = useState<CompareSlots<ResultCard>>(stored);
  const update = useCallback((next: (current: CompareSlots<ResultCard>) => CompareSlots<ResultCard>) => {
    setSlots((current) => {
      const value = next(current);
      try {
        sessionStorage.setItem(KEY, JSON.stringify(value));
      } catch {
        /* storage unavailable: the slots live as long as the page */
      }
      return value;
    });
  }, []);
  const value = useMemo<CompareState>(
    () => ({
      slots,
      count: selectedCount(slots),
      isSelected: (id) => isSelected(slots, id),
      isDisabled: (id) => isDisabled(slots, id),
      toggle: (card) => update((current) => toggle(current, card)),
      remove: (index) => update((current) => remove(current, index)),
      set: (cards) => update(() => slotsOf(cards)),
      clear: () => update(() => emptySlots()),
    }),
    [slots, update],
  );
  return <CompareContext.Provider value={value}>{children}</CompareContext.Provider>;
}

export function useCompare(): CompareState {
  const state = useContext(CompareContext);
  if (!state) throw new Error('useCompare outside CompareProvider');
  return state;
}
