import es from '../../../public/i18n/es.json';
import en from '../../../public/i18n/en.json';
import pt from '../../../public/i18n/pt.json';
import { MISSING_PREVISION_TOP_UF, requirementHintParams } from '../../../src/domain/results/requirement';
import { formatMoney } from '../../../src/domain/results/format';
import { translate } from '../../../src/domain/shell/i18n';

describe('results/requirement', () => {
  test('000-5.12 the hint for missing prevision coverage states a bonus by plan percentage with a top of 2 UF', () => {
    expect(MISSING_PREVISION_TOP_UF).toBe(2);
    // Written as every other UF amount of the card.
    expect(requirementHintParams().top).toBe(formatMoney(2, 'UF'));
    const hint = translate(es, 'card.requirementHint', requirementHintParams());
    expect(hint).toBe(
      'Si tu previsión no cubre la prestación, el plan bonifica según su porcentaje con tope de UF 2.',
    );
    for (const dictionary of [en, pt]) {
      const text = translate(dictionary, 'card.requirementHint', requirementHintParams());
      expect(text).toContain('UF 2');
      expect(text).not.toContain('{top}');
    }
  });
});
