import { DEPENDANT_AGES, HOLDER_AGES, PET_AGES } from '@cubre/schemas/profileAges';
import type { Translate } from '../shell/i18n';

/** Whose age an API profile error names ('cotizante.0.edad'), and the range it breaks. */
const AGE_PROBLEMS = {
  cotizante: { key: 'profile.error.holderAge', ages: HOLDER_AGES },
  cargas: { key: 'profile.error.dependantAge', ages: DEPENDANT_AGES },
  mascota: { key: 'profile.error.petAge', ages: PET_AGES },
} as const;

/**
 * Why the comparison ignored a stored profile (metaData.profileErrors, issue 11), in the page's language:
 * the age rules the API applies are the profile form's own (schemas/src/profileAges.ts); any other
 * problem is the API's own message.
 */
export function profileErrorWords(error: { field: string; message: string }, t: Translate): string {
  const [group, , leaf] = error.field.split('.');
  const age = AGE_PROBLEMS[group as keyof typeof AGE_PROBLEMS];
  return age && leaf === 'edad' ? t(age.key, { min: age.ages.min, max: age.ages.max }) : error.message;
}
