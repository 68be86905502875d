import { UF_FALLBACK, ufValueOr } from '../../../src/domain/shell/uf';

describe('shell/uf', () => {
  test('001-8.06 the UF of the day when the API gives it, nothing logged', async () => {
    const log = jest.fn();
    await expect(ufValueOr(async () => ({ value: 39485.65 }), log)).resolves.toBe(39485.65);
    expect(log).not.toHaveBeenCalled();
  });

  test("001-8.06 a failed UF call logs 'Error al obtener la UF' and uses the cached fallback", async () => {
    const log = jest.fn();
    const failure = new Error('HTTP 502');
    await expect(
      ufValueOr(async () => {
        throw failure;
      }, log),
    ).resolves.toBe(UF_FALLBACK);
    expect(UF_FALLBACK).toBe(39214.8);
    expect(log).toHaveBeenCalledWith('Error al obtener la UF', failure);
  });

  test("001-8.06 an answer without a UF value logs 'Error al obtener el valor de la UF.' and uses the fallback", async () => {
    for (const answer of [{}, { value: 0 }, { value: 'mucho' }, null]) {
      const log = jest.fn();
      await expect(ufValueOr(async () => answer, log)).resolves.toBe(UF_FALLBACK);
      expect(log).toHaveBeenCalledWith('Error al obtener el valor de la UF.', answer);
    }
  });
});
