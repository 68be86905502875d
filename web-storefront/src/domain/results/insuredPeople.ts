import type { ProfileKind } from '../profile/profileKind';

export interface Person {
  sexo?: string;
  edad?: number;
}

interface ProfileLike {
  cotizante?: { sexo?: string; edad?: number }[];
  cargas?: { sexo?: string; edad?: number }[];
  mascota?: { especie?: string; edad?: number }[];
}

/** Who a profile insures: its pets for pet insurance (their species as 'sex'), else holders and dependants. */
export function peopleOf(profile: ProfileLike, kind: ProfileKind, petWord: string): Person[] {
  return kind === 'pet'
    ? (profile.mascota ?? []).map((pet) => ({ sexo: pet.especie ?? petWord, edad: pet.edad }))
    : [...(profile.cotizante ?? []), ...(profile.cargas ?? [])].map((person) => ({
        sexo: person.sexo,
        edad: person.edad,
      }));
}

/** How many of them the price covers: the uninsurable left out, capped at 100 (000-9.25). */
export const insuredCount = (people: readonly Person[], uninsurable: readonly unknown[]): number =>
  Math.min(Math.max(people.length - uninsurable.length, 0), 100);
