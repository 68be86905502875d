import { amountsForPrevision } from '../../../src/domain/results/previsionCoverage';

const exams = [
  { kind: 'percentage_fonasa', text: '55%' },
  { kind: 'percentage_isapre', text: '65%' },
];
const texts = (amounts: { text: string }[]) => amounts.map((amount) => amount.text);

describe('results/previsionCoverage', () => {
  test('000-6.02 a visitor with a profile sees the coverage of their health system', () => {
    expect(texts(amountsForPrevision(exams, 'Fonasa'))).toEqual(['55%']);
    expect(texts(amountsForPrevision(exams, 'Isapre'))).toEqual(['65%']);
    // A Fonasa-only deductible stands in for the general one for Fonasa, and is not an Isapre visitor's.
    const deductibles = [
      { kind: 'deductible', text: 'UF 3' },
      { kind: 'deductible_fonasa', text: 'UF 1' },
      { kind: 'yearly_top', text: 'UF 500' },
    ];
    expect(texts(amountsForPrevision(deductibles, 'Fonasa'))).toEqual(['UF 1', 'UF 500']);
    expect(texts(amountsForPrevision(deductibles, 'Isapre'))).toEqual(['UF 3', 'UF 500']);
    // A system's percentage beside a general one: the visitor's own replaces it, another's gives way.
    const mixed = [
      { kind: 'percentage', text: '50%' },
      { kind: 'percentage_isapre', text: '70%' },
    ];
    expect(texts(amountsForPrevision(mixed, 'Isapre'))).toEqual(['70%']);
    expect(texts(amountsForPrevision(mixed, 'Fonasa'))).toEqual(['50%']);
  });

  test('000-6.02 without a health system, or with only another system given, nothing is hidden', () => {
    expect(texts(amountsForPrevision(exams, undefined))).toEqual(['55%', '65%']);
    expect(texts(amountsForPrevision(exams, 'Particular'))).toEqual(['55%', '65%']);
    const isapreOnly = [
      { kind: 'percentage_isapre', text: '80%' },
      { kind: 'yearly_top', text: 'UF 1.000' },
    ];
    expect(texts(amountsForPrevision(isapreOnly, 'Fonasa'))).toEqual(['80%', 'UF 1.000']);
  });
});
