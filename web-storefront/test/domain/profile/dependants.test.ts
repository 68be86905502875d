import {
  DEFAULT_DEPENDANT_ROW,
  MAX_ADULTS,
  MAX_DEPENDANTS,
  addDependant,
  canCloseBox,
  cutToThreeDigits,
  dependantsAllowed,
  dependantsValid,
  invalidDependantIndexes,
  isSpouse,
  removeDependant,
  spouseOptionDisabled,
  toggleBox,
  type DependantRow,
} from '../../../src/domain/profile/dependants';

const row = (parentesco: string, edad: string, sexo = 'Femenino'): DependantRow => ({
  parentesco,
  sexo,
  edad,
});

describe('profile/dependants', () => {
  test('000-2.54 adding appends a copy of the last row, or the default row when there is none', () => {
    expect(addDependant([])).toEqual([DEFAULT_DEPENDANT_ROW]);
    const rows = [row('Hijo/Hija', '8')];
    const added = addDependant(rows);
    expect(added).toEqual([row('Hijo/Hija', '8'), row('Hijo/Hija', '8')]);
    expect(added[1]).not.toBe(rows[0]);
    expect(rows).toHaveLength(1);
  });

  test('000-2.55 a copy of the spouse row does not make a second spouse', () => {
    const added = addDependant([row('Cónyuge', '40')]);
    expect(added[1]).toEqual(row(DEFAULT_DEPENDANT_ROW.parentesco, '40'));
    expect(added.filter((r) => isSpouse(r.parentesco))).toHaveLength(1);
  });

  test('000-9.25 no more than 99 dependants (100 persons with the holder)', () => {
    const many = Array.from({ length: MAX_DEPENDANTS }, () => row('Hijo/Hija', '1'));
    expect(addDependant(many)).toHaveLength(MAX_DEPENDANTS);
  });

  test('000-2.54 removing deletes the last row', () => {
    expect(removeDependant([row('Cónyuge', '40'), row('Hijo/Hija', '3')])).toEqual([row('Cónyuge', '40')]);
    expect(removeDependant([])).toEqual([]);
  });

  test('000-2.55 the Cónyuge option is disabled when another row already is the spouse', () => {
    const rows = [row('Cónyuge', '40'), row('Hijo/Hija', '3')];
    expect(spouseOptionDisabled(rows, 1)).toBe(true);
    expect(spouseOptionDisabled(rows, 0)).toBe(false);
    expect(spouseOptionDisabled([row('Spouse', '40'), row('Hijo/Hija', '3')], 1)).toBe(true);
    expect(spouseOptionDisabled([row('Hijo/Hija', '3')], 0)).toBe(false);
    expect(isSpouse('CONYUGE')).toBe(true);
    expect(isSpouse('Hijo/Hija')).toBe(false);
    expect(MAX_ADULTS).toBe(2);
  });

  test('000-5.19 dependants are valid when there are none or each has a non-negative age of at most 3 digits', () => {
    expect(dependantsValid([])).toBe(true);
    expect(dependantsValid([row('Hijo/Hija', '0'), row('Padre/Madre', '999')])).toBe(true);
    expect(dependantsValid([row('Hijo/Hija', '')])).toBe(false);
    expect(dependantsValid([row('Hijo/Hija', '-1')])).toBe(false);
    expect(dependantsValid([row('Hijo/Hija', '1000')])).toBe(false);
    expect(dependantsValid([row('Hijo/Hija', '4.5')])).toBe(false);
    expect(invalidDependantIndexes([row('a', '3'), row('b', ''), row('c', 'x')])).toEqual([1, 2]);
  });

  test('000-5.19 typed ages are cut to 3 characters', () => {
    expect(cutToThreeDigits('12345')).toBe('123');
    expect(cutToThreeDigits('45')).toBe('45');
  });

  test('000-2.53 the box cannot close while a dependant lacks a valid age, and trying shakes the fields', () => {
    expect(toggleBox(false, [row('a', '')])).toEqual({ open: true, shake: false });
    expect(canCloseBox([row('a', '')])).toBe(false);
    expect(toggleBox(true, [row('a', '')])).toEqual({ open: true, shake: true });
    expect(toggleBox(true, [row('a', '12')])).toEqual({ open: false, shake: false });
    expect(toggleBox(true, [])).toEqual({ open: false, shake: false });
  });

  test('000-2.56 dependants are hidden for colectivo, SCTR and SEGURO COLECTIVO, in any case', () => {
    for (const type of ['colectivo', 'SCTR', 'SEGURO COLECTIVO', 'Seguro Colectivo', 'sctr']) {
      expect(dependantsAllowed(type)).toBe(false);
    }
    for (const type of ['', 'ISAPRES', 'SEGURO_MASCOTAS', 'SEGURO INTERNACIONAL', undefined]) {
      expect(dependantsAllowed(type)).toBe(true);
    }
  });

  test('000-5.33 the add-person button follows the same rule as the box', () => {
    expect(dependantsAllowed('SEGURO COLECTIVO')).toBe(false);
    expect(dependantsAllowed('Medicina Prepagada')).toBe(true);
  });
});
