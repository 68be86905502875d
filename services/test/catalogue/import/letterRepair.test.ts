import { cleanText, repairLostLetters, RepairTally } from '@cubre/services/catalogue/import';

const repair = (text: string) => {
  const tally = new RepairTally();
  return { text: cleanText(repairLostLetters(text, tally)), tally };
};

describe('repairing the letters the extract lost (U+FFFD)', () => {
  test.each([
    ['Libre elecci\uFFFDn', 'Libre elección'],
    ['Revisi\uFFFDn del plan grupal', 'Revisión del plan grupal'],
    ['Adecuaci\uFFFDn del art\uFFFDculo 197', 'Adecuación del artículo 197'],
    ['Banm\uFFFDdica S.A', 'Banmédica S.A'],
    ['MATERNIDAD B\uFFFDSICA ORO', 'MATERNIDAD BÁSICA ORO'],
    ['HOMBRE \uFFFDNICO CLC', 'HOMBRE ÚNICO CLC'],
    ['COLECTIVO LOS R\uFFFDOS', 'COLECTIVO LOS RÍOS'],
    ['CLINICA RE\uFFFDACA', 'CLINICA REÑACA'],
    ['COLECTIVO COMPA\uFFFDIA MINERA', 'COLECTIVO COMPAÑIA MINERA'],
    ['DONATELLO D\uFFFDVILA 1A', 'DONATELLO DÁVILA 1A'],
    ['CL\uFFFDNICA SAN JOS\uFFFD DE ARICA', 'CLÍNICA SAN JOSÉ DE ARICA'],
    ['SANATORIO ALEM\uFFFDN 11', 'SANATORIO ALEMÁN 11'],
    ['ARANCEL MASVIDA N\uFFFD2', 'ARANCEL MASVIDA N°2'],
  ])('%s → %s (case preserved)', (lost, repaired) => {
    expect(repair(lost).text).toBe(repaired);
  });

  test('a letter lost as two marks, or with its second byte left as ? or as a mojibake letter, is one letter', () => {
    expect(repair('COLECTIVO CLINICA RE\uFFFD\uFFFDACA DOBLE').text).toBe('COLECTIVO CLINICA REÑACA DOBLE');
    expect(repair('HOSPITAL CL\uFFFD?NICO VI\uFFFD?A DEL MAR').text).toBe('HOSPITAL CLÍNICO VIÑA DEL MAR');
    expect(repair('HOSPITAL CL?NICO UNI').text).toBe('HOSPITAL CLÍNICO UNI');
    const { text, tally } = repair('HOSPITAL CL\u01CDNICO UNIVERSIDAD');
    expect(text).toBe('HOSPITAL CLÍNICO UNIVERSIDAD');
    expect(tally.lettersRepaired).toBe(1);
  });

  test('what no word explains: a space between word characters, dropped elsewhere, and counted', () => {
    const { text, tally } = repair(
      'COLECTIVO LOS VALLES\uFFFD\uFFFD1400 PLUS\uFFFD ES PAMPA PLUS \uFFFD 2200 5800\uFFFD\uFFFD\uFFFD',
    );
    expect(text).toBe('COLECTIVO LOS VALLES 1400 PLUS ES PAMPA PLUS 2200 5800');
    expect(tally.lettersUnrepaired).toBe(4);
    expect(tally.lettersRepaired).toBe(0);
    expect(repair('LOS RIOS EXTRA PLUS\u019F\uFFFD2200 SACF').text).toBe('LOS RIOS EXTRA PLUS 2200 SACF');
  });

  test("a real question mark stays; a lone ' ? ' is a lost dash; '#¿NOMBRE?' is a spreadsheet's error value", () => {
    expect(repair('ABC1?C2').text).toBe('ABC1?C2');
    expect(repair('¿QUIEN?').text).toBe('¿QUIEN?');
    const dash = repair('ISAPRE CRUZ BLANCA ? 31');
    expect(dash.text).toBe('ISAPRE CRUZ BLANCA - 31');
    expect(dash.tally.dashesRepaired).toBe(1);
    expect(repair('#\uFFFDNOMBRE?').text).toBe('#¿NOMBRE?');
  });

  test('text without a lost letter comes back as it was', () => {
    const line = 'CLINICA SANTA MARIA 2000; Sin grupo; (1)(2)(13)';
    expect(repair(line).text).toBe(line);
  });

  test('the tally lists repaired words by frequency', () => {
    const tally = new RepairTally();
    for (const text of ['m\uFFFDdicos', 'M\uFFFDdicos', 'm\uFFFDdicos']) repairLostLetters(text, tally);
    expect(RepairTally.top(tally.repairedWords, 5)).toEqual([
      ['médicos', 2],
      ['Médicos', 1],
    ]);
    expect(tally.lettersRepaired).toBe(3);
  });
});
