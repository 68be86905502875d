/**
 * The three compare slots (rules 000-4.13 to 000-4.17, 000-9 "Compare slots: 3 plans"). Slots fill in
 * order, so the selected plans are always the first ones and the empty slots (null) come last. Every
 * function returns a new tuple and leaves its input alone, so it fits a React reducer.
 */

export const COMPARE_SLOT_COUNT = 3;

export interface Comparable {
  id: string;
}

export type Slot<T> = T | null;
export type CompareSlots<T> = readonly [Slot<T>, Slot<T>, Slot<T>];
/** Short name of CompareSlots. */
export type Slots<T> = CompareSlots<T>;

export function emptySlots<T>(): CompareSlots<T> {
  return [null, null, null];
}

const toSlots = <T>(plans: readonly T[]): CompareSlots<T> => [
  plans[0] ?? null,
  plans[1] ?? null,
  plans[2] ?? null,
];

export function selectedPlans<T>(slots: CompareSlots<T>): T[] {
  return slots.filter((slot): slot is T => slot !== null);
}

export function selectedCount<T>(slots: CompareSlots<T>): number {
  return selectedPlans(slots).length;
}

export function isSelected<T extends Comparable>(slots: CompareSlots<T>, id: string): boolean {
  return slots.some((slot) => slot?.id === id);
}

/** Adds the plan to the first empty slot while fewer than 3 are selected (000-4.13); a plan already there stays once. */
export function add<T extends Comparable>(slots: CompareSlots<T>, plan: T): CompareSlots<T> {
  const plans = selectedPlans(slots);
  if (plans.length >= COMPARE_SLOT_COUNT || plans.some((p) => p.id === plan.id)) return slots;
  return toSlots([...plans, plan]);
}

/** The slots holding these plans in this order (a shared Comparar-Planes link): the first 3, each once. */
export function slotsOf<T extends Comparable>(plans: readonly T[]): CompareSlots<T> {
  return plans.reduce((slots, plan) => add(slots, plan), emptySlots<T>());
}

/**
 * Empties slot `index` and shifts the later plans left, leaving the empty slot at the end (000-4.16).
 * An index that is not 0, 1 or 2 clears every slot (000-4.17), as the original did.
 */
export function remove<T>(slots: CompareSlots<T>, index: number): CompareSlots<T> {
  if (!Number.isInteger(index) || index < 0 || index >= COMPARE_SLOT_COUNT) return emptySlots();
  return toSlots(slots.filter((slot, i): slot is T => i !== index && slot !== null));
}
/** Same as remove. */
export const removeAt = remove;

/** Removes the plan with this id wherever it sits (000-4.15); unchanged when it is not selected. */
export function removeById<T extends Comparable>(slots: CompareSlots<T>, id: string): CompareSlots<T> {
  const index = slots.findIndex((slot) => slot?.id === id);
  return index === -1 ? slots : remove(slots, index);
}

/** The compare checkbox: checking adds (when room is left), unchecking removes (000-4.13, 000-4.15). */
export function toggle<T extends Comparable>(slots: CompareSlots<T>, plan: T): CompareSlots<T> {
  return isSelected(slots, plan.id) ? removeById(slots, plan.id) : add(slots, plan);
}

/** A checkbox is disabled when 3 plans are selected and this one is not among them (000-4.14). */
export function isDisabled<T extends Comparable>(slots: CompareSlots<T>, id: string): boolean {
  return selectedCount(slots) >= COMPARE_SLOT_COUNT && !isSelected(slots, id);
}
