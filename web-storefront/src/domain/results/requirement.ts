/**
 * The hint under a card's coverage requirement (rule 000-5.12): when the visitor's health system does
 * not cover a benefit, the plan bonifies it by its own percentage up to 2 UF. The wording is the
 * translation 'card.requirementHint'; the top is written here (as formatMoney writes a whole UF amount,
 * without bringing the money formats into the first page's bundle) so every language states the same one.
 */
export const MISSING_PREVISION_TOP_UF = 2;

export function requirementHintParams(): { top: string } {
  return { top: `UF ${MISSING_PREVISION_TOP_UF}` };
}
