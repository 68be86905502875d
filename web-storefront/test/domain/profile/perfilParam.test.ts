import {
  PERFIL_STRIP_DELAY_MS,
  decodePerfil,
  encodePerfil,
  searchWithoutPerfil,
  shouldStripPerfil,
} from '../../../src/domain/profile/perfilParam';

const profile = {
  cotizante: [{ sexo: 'Femenino', edad: 34 }],
  cargas: [{ parentesco: 'Cónyuge', edad: 36 }],
};
const nodeBase64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

describe('profile/perfilParam', () => {
  test('001-2.09 perfil is base64 of the profile JSON, UTF-8 as the server writes it', () => {
    expect(decodePerfil(nodeBase64(profile))).toEqual(profile);
    expect(encodePerfil(profile)).toBe(nodeBase64(profile));
    expect(decodePerfil(encodePerfil(profile))).toEqual(profile);
  });

  test('000-2.28 a perfil read back from a shared link survives base64url, a lost padding and a + turned into a space', () => {
    const standard = nodeBase64({ nombre: 'Ñuñoa ?>>', edad: 1 });
    const url = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodePerfil(url)).toEqual({ nombre: 'Ñuñoa ?>>', edad: 1 });
    expect(decodePerfil(standard.replace(/\+/g, ' '))).toEqual({ nombre: 'Ñuñoa ?>>', edad: 1 });
    expect(decodePerfil(new URLSearchParams(`perfil=${standard}`).get('perfil'))).toEqual({
      nombre: 'Ñuñoa ?>>',
      edad: 1,
    });
  });

  test('000-2.31 an invalid perfil is ignored: not base64, not JSON, or not an object', () => {
    expect(decodePerfil('%%%')).toBeNull();
    expect(decodePerfil(Buffer.from('{oops', 'utf8').toString('base64'))).toBeNull();
    expect(decodePerfil(nodeBase64([1, 2]))).toBeNull();
    expect(decodePerfil(nodeBase64(42))).toBeNull();
    expect(decodePerfil(nodeBase64(null))).toBeNull();
    expect(decodePerfil('')).toBeNull();
    expect(decodePerfil(null)).toBeNull();
    expect(decodePerfil('A'.repeat(30_000))).toBeNull();
  });

  test('000-2.31 a Latin-1 perfil (btoa of accented JSON) is still read', () => {
    const latin1 = Buffer.from('{"parentesco":"Cónyuge"}', 'latin1').toString('base64');
    expect(decodePerfil(latin1)).toEqual({ parentesco: 'Cónyuge' });
  });

  test("000-2.30 perfil is removed from the URL after 1 s unless replaceUrl='false'", () => {
    expect(PERFIL_STRIP_DELAY_MS).toBe(1000);
    expect(shouldStripPerfil('?perfil=abc&code=X')).toBe(true);
    expect(shouldStripPerfil('?perfil=abc&replaceUrl=false')).toBe(false);
    expect(shouldStripPerfil('?perfil=abc&replaceUrl=true')).toBe(true);
    expect(shouldStripPerfil('?code=X')).toBe(false);
  });

  test('000-2.30 removing perfil keeps the other parameters', () => {
    expect(searchWithoutPerfil('?code=X&perfil=abc&skipLanding=true&productType=SEGURO_MASCOTAS')).toBe(
      '?code=X&skipLanding=true&productType=SEGURO_MASCOTAS',
    );
    expect(searchWithoutPerfil('?perfil=abc')).toBe('');
    expect(searchWithoutPerfil('perfil=abc&a=1')).toBe('?a=1');
  });
});
