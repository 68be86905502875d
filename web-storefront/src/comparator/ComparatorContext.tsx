import { createContext, useContext } from 'react';
import type { ApiProfile } from '../profile/ProfileContext';

export type ProfileKind = 'person' | 'pet' | 'collective';

export interface ComparatorContextValue {
  comparatorCode: string;
  productType: string;
  kind: ProfileKind;
  profile: ApiProfile | null;
}

/** What every card of one comparator shares: whose profile prices it and how to ask for a breakdown. */
export const ComparatorContext = createContext<ComparatorContextValue>({
  comparatorCode: '',
  productType: '',
  kind: 'person',
  profile: null,
});
export const useComparatorContext = () => useContext(ComparatorContext);
