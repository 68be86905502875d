import {
  COLECTIVOS_STORAGE_KEY,
  loadColectivos,
  loadProfile,
  prefillFor,
  profileStorageKey,
  saveColectivos,
  saveProfile,
} from '../../../src/domain/profile/storage';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}
const broken = {
  getItem: (): string | null => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: (): void => {
    throw new DOMException('quota', 'QuotaExceededError');
  },
};

describe('profile/storage', () => {
  test('000-3.20 profile keys are versioned: V1.7 for Chile, V1.6 for PE, CO and INT', () => {
    expect(profileStorageKey('CL', '')).toBe('perfil_V1.7');
    expect(profileStorageKey('CL', 'SEGURO_MASCOTAS')).toBe('perfil_V1.7:SEGURO_MASCOTAS');
    expect(profileStorageKey('PE', 'SCTR')).toBe('perfil_V1.6:SCTR');
    expect(profileStorageKey('CO', undefined)).toBe('perfil_V1.6');
    expect(profileStorageKey('INT', 'SEGURO INTERNACIONAL')).toBe('perfil_V1.6:SEGURO INTERNACIONAL');
  });

  test('000-4.01 a saved profile is found again for its edition and product type only', () => {
    const storage = memoryStorage();
    const profile = { cotizante: [{ sexo: 'Femenino', edad: 41 }] };
    expect(saveProfile(storage, 'CL', 'ISAPRES', profile)).toBe(true);
    expect(loadProfile(storage, 'CL', 'ISAPRES')).toEqual(profile);
    expect(loadProfile(storage, 'CL', '')).toBeNull();
    expect(loadProfile(storage, 'PE', 'ISAPRES')).toBeNull();
  });

  test('000-4.01 a corrupt or non-object stored profile reads as none', () => {
    const storage = memoryStorage();
    storage.data.set('perfil_V1.7', '{not json');
    storage.data.set('perfil_V1.7:SCTR', '[1,2]');
    storage.data.set('perfil_V1.7:colectivo', 'null');
    expect(loadProfile(storage, 'CL', '')).toBeNull();
    expect(loadProfile(storage, 'CL', 'SCTR')).toBeNull();
    expect(loadProfile(storage, 'CL', 'colectivo')).toBeNull();
  });

  test('000-4.01 storage failures (private mode, quota) are caught and reported by the return value', () => {
    expect(loadProfile(broken, 'CL', '')).toBeNull();
    expect(saveProfile(broken, 'CL', '', { a: 1 })).toBe(false);
    expect(loadColectivos(broken)).toEqual([]);
    expect(saveColectivos(broken, [])).toBe(false);
  });

  test('000-3.19 collective data is stored under the key colectivos', () => {
    const storage = memoryStorage();
    const groups = [{ cantidadDeTrabajadores: 40, cantidadDeCargas: 12 }];
    expect(saveColectivos(storage, groups)).toBe(true);
    expect(COLECTIVOS_STORAGE_KEY).toBe('colectivos');
    expect(JSON.parse(storage.data.get('colectivos') ?? 'null')).toEqual(groups);
    expect(loadColectivos(storage)).toEqual(groups);
    storage.data.set(
      'colectivos',
      '[{"cantidadDeTrabajadores":"x"},{"cantidadDeTrabajadores":3,"cantidadDeCargas":0}]',
    );
    expect(loadColectivos(storage)).toEqual([{ cantidadDeTrabajadores: 3, cantidadDeCargas: 0 }]);
  });

  test('000-4.02 on pre-fill for pets one pet row is added when there is none', () => {
    expect(prefillFor({ email: 'a@b.cl' }, 'SEGURO_MASCOTAS')).toEqual({
      email: 'a@b.cl',
      mascota: [{ parentesco: 'Mascota' }],
    });
    expect(prefillFor({ mascota: [] }, 'SEGURO_MASCOTAS')).toEqual({ mascota: [{ parentesco: 'Mascota' }] });
    const withPet = { mascota: [{ especie: 'Gato', edad: 3 }] };
    expect(prefillFor(withPet, 'SEGURO_MASCOTAS')).toEqual(withPet);
    expect(prefillFor({ cotizante: [] }, '')).toEqual({ cotizante: [] });
    expect(prefillFor(null, 'SEGURO_MASCOTAS')).toBeNull();
  });
});
