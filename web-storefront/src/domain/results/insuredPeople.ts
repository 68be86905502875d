import type { ProfileKind } from '../profile/profileKind';
import type { Translate } from '../shell/i18n';

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

/** The API's words for a person's sex and a pet's species, as dictionary keys. */
const SEX_WORDS: Readonly<Record<string, string>> = {
  Masculino: 'profile.male',
  Femenino: 'profile.female',
  Perro: 'profile.dog',
  Gato: 'profile.cat',
};
/** 'Masculino' in the page's language; a value the form does not offer stays as given. */
export const sexWords = (sexo: string | undefined, t: Translate): string =>
  sexo === undefined ? '' : SEX_WORDS[sexo] ? t(SEX_WORDS[sexo]) : sexo;
