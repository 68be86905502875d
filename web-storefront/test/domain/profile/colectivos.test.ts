import {
  MAX_GROUPS,
  addRow,
  collectiveProfileOf,
  colectivosProblems,
  emptyRow,
  groupsOf,
  removeRow,
  rowsOf,
  totals,
} from '../../../src/domain/profile/colectivos';
import { COLECTIVOS_STORAGE_KEY, loadColectivos, saveColectivos } from '../../../src/domain/profile/storage';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
};

describe('the colectivos modal (001-2.10, 000-3.19)', () => {
  test('001-2.10 every group needs 1 worker or more and 0 dependants or more; Colombia 10 in all', () => {
    expect(colectivosProblems([{ trabajadores: '', cargas: '0' }], 'CL')).toEqual([
      { kind: 'row', index: 0, field: 'trabajadores' },
    ]);
    expect(
      colectivosProblems(
        [
          { trabajadores: '12', cargas: '3' },
          { trabajadores: '0', cargas: 'x' },
        ],
        'CL',
      ),
    ).toEqual([
      { kind: 'row', index: 1, field: 'trabajadores' },
      { kind: 'row', index: 1, field: 'cargas' },
    ]);
    expect(colectivosProblems([{ trabajadores: '4', cargas: '0' }], 'CL')).toEqual([]);
    expect(colectivosProblems([{ trabajadores: '4', cargas: '0' }], 'CO')).toEqual([
      { kind: 'minimum', minimum: 10 },
    ]);
    expect(
      colectivosProblems(
        [
          { trabajadores: '6', cargas: '0' },
          { trabajadores: '4', cargas: '2' },
        ],
        'CO',
      ),
    ).toEqual([]);
  });

  test('000-3.19 the groups become the profile the API prices by, and are kept under the key colectivos', () => {
    const groups = groupsOf([
      { trabajadores: '1.200', cargas: '300' },
      { trabajadores: '35', cargas: '0' },
    ]);
    expect(groups).toEqual([
      { cantidadDeTrabajadores: 1200, cantidadDeCargas: 300 },
      { cantidadDeTrabajadores: 35, cantidadDeCargas: 0 },
    ]);
    expect(totals(groups)).toEqual({ workers: 1235, dependants: 300 });
    expect(collectiveProfileOf(groups)).toEqual({
      cotizante: [{ sexo: 'Masculino' }],
      colectivo: { cantidadempleados: 1235 },
      colectivos: groups,
      ingresodatos: true,
    });
    const storage = memoryStorage();
    saveColectivos(storage, groups);
    expect(JSON.parse(storage.items.get(COLECTIVOS_STORAGE_KEY)!)).toEqual(groups);
    // A returning employer finds the groups typed last time.
    expect(rowsOf(loadColectivos(storage))).toEqual([
      { trabajadores: '1200', cargas: '300' },
      { trabajadores: '35', cargas: '0' },
    ]);
    expect(rowsOf([])).toEqual([emptyRow()]);
  });

  test('001-2.10 groups are added up to the limit and removed down to one', () => {
    let rows = [emptyRow()];
    for (let i = 0; i < MAX_GROUPS + 3; i++) rows = addRow(rows);
    expect(rows).toHaveLength(MAX_GROUPS);
    expect(removeRow([emptyRow()], 0)).toHaveLength(1);
    expect(
      removeRow(
        [
          { trabajadores: '1', cargas: '0' },
          { trabajadores: '2', cargas: '0' },
        ],
        0,
      ),
    ).toEqual([{ trabajadores: '2', cargas: '0' }]);
  });
});
