import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '@cubre/platform/http/app';
import { siteModule } from '@cubre/services/site';
import { loadSiteConfig, rootPackageVersion } from '@cubre/services/site/config';
import { originOfPath } from '@cubre/services/site/shell/businessLine';
import {
  DEFAULT_CONTACT_INFORMATION,
  contactInformationResponse,
} from '@cubre/services/site/shell/contactInformation';
import { seoText } from '@cubre/services/site/shell/menu';
import { normalizePath, translateRoute } from '@cubre/services/site/shell/routeTranslator';
import { tempDataDir } from '../../platform/test/support/tempDir';

describe('route translation', () => {
  const translated = (path: string) => {
    const normalized = normalizePath(path);
    if (!normalized.ok) throw new Error(normalized.message);
    return translateRoute(normalized.pathname, normalized.suffix);
  };

  test.each([
    [
      '/Comparar/Seguros-de-Salud/Dental',
      '/en/Compare/Health-Insurance/Dental',
      '/pt/Comparar/Seguros-de-Saude/Odontologico',
    ],
    [
      '/Comparar/Seguro-Complementario-Empresa',
      '/en/Compare/Company-Complementary-Insurance',
      '/pt/Comparar/Seguro-Complementar-Empresa',
    ],
    ['/Comparar/Seguros-Mascotas', '/en/Compare/Pet-Insurance', '/pt/Comparar/Seguros-Pet'],
    [
      '/Clinicas-y-Hospitales/Clinica-Davila/Seguro/Plan-X',
      '/en/Clinics-and-Hospitals/Clinica-Davila/Insurance/Plan-X',
      '/pt/Clinicas-e-Hospitais/Clinica-Davila/Seguro/Plan-X',
    ],
    [
      '/Isapre/Colmena/Complementos/Dental',
      '/en/Isapre/Colmena/Add-ons/Dental',
      '/pt/Isapre/Colmena/Complementos/Dental',
    ],
    [
      '/Seguros/Seguros-Andes/Colectivos',
      '/en/Insurers/Seguros-Andes/Group',
      '/pt/Seguradoras/Seguros-Andes/Coletivos',
    ],
    ['/url/Ab12Cd34', '/en/url/Ab12Cd34', '/pt/url/Ab12Cd34'],
    [
      '/Compra-Online/DEMO-1?session=abc&sessionType=x',
      '/en/Buy-Online/DEMO-1?session=abc&sessionType=x',
      '/pt/Compra-Online/DEMO-1?session=abc&sessionType=x',
    ],
    ['/wizard/seguros-de-salud', '/en/wizard/Health-Insurance', '/pt/wizard/Seguros-de-Saude'],
  ])('001-7.05 %s is %s in English and %s in Portuguese', (es, en, pt) => {
    expect(translated(es)).toMatchObject({ language: 'es', es, en, pt });
  });

  test('a path given in Portuguese is answered in every language, its own segments kept', () => {
    expect(translated('/pt/Comparar/Seguros-de-Saude?x=1')).toMatchObject({
      language: 'pt',
      es: '/Comparar/Seguros-de-Salud?x=1',
      en: '/en/Compare/Health-Insurance?x=1',
      pt: '/pt/Comparar/Seguros-de-Saude?x=1',
    });
  });

  test('a path without a leading slash is read as a path; an /es prefix is dropped', () => {
    expect(translated('Comparar/Isapres').es).toBe('/Comparar/Isapres');
    expect(translated('/es/Comparar/Isapres').en).toBe('/en/Compare/Isapres');
  });
});

describe('origins (rules 002-2.09, 002-2.10)', () => {
  test('the most specific known page wins, in any case', () => {
    expect(originOfPath('/Comparar/Seguros-de-Salud/Dental')).toEqual({
      route: '/Comparar/Seguros-de-Salud/Dental',
      webApplicationId: 39,
    });
    expect(originOfPath('/comparar/isapres')).toEqual({ route: '/Comparar/Isapres', webApplicationId: 39 });
    expect(originOfPath('/planes-de-isapres')).toEqual({ route: '/planes-de-isapres', webApplicationId: 2 });
    expect(originOfPath('/Comparar/Isapres-Falsas')).toBeUndefined();
  });
});

describe('menu texts', () => {
  test('001-9.08 SEO descriptions over 170 characters are cut to 165 plus an ellipsis', () => {
    expect(seoText('a'.repeat(170))).toBe('a'.repeat(170));
    expect(seoText('a'.repeat(171))).toBe(`${'a'.repeat(165)}…`);
  });
});

describe('site configuration', () => {
  test('002-3.36 Chilean defaults: WhatsApp, phone and e-mail of the company, no social network of strangers', () => {
    const config = loadSiteConfig({});
    expect(config.contactInformation).toEqual(DEFAULT_CONTACT_INFORMATION);
    const answer = contactInformationResponse(config.contactInformation);
    expect(answer.contacts.map((channel) => [channel.type, channel.url])).toEqual([
      ['whatsapp', 'https://wa.me/56920000000'],
      ['phone', 'tel:+56220000000'],
      ['email', 'mailto:contacto@cubre.cl'],
    ]);
    expect(answer.socialNetworks).toEqual([]);
  });

  test('001-7.06 QP_VERSION overrides the package version', () => {
    expect(loadSiteConfig({}).version).toBe(rootPackageVersion());
    expect(loadSiteConfig({ QP_VERSION: '2025.10.1-rc1' }).version).toBe('2025.10.1-rc1');
  });

  test('CONTACT_EMAIL replaces the e-mail channel value and its link', () => {
    const config = loadSiteConfig({ CONTACT_EMAIL: 'ventas@cubre.cl' });
    const email = contactInformationResponse(config.contactInformation).contacts.find(
      (c) => c.type === 'email',
    );
    expect(email).toMatchObject({ value: 'ventas@cubre.cl', url: 'mailto:ventas@cubre.cl' });
  });

  test.each([
    [{ QP_VERSION: 'v 1' }, 'QP_VERSION'],
    [{ CONTACT_PHONE: '123' }, 'CONTACT_PHONE'],
    [{ CONTACT_EMAIL: 'nadie' }, 'CONTACT_EMAIL'],
    [{ CONTACT_INFORMATION_FILE: '/nonexistent/contact.json' }, 'CONTACT_INFORMATION_FILE'],
  ])('a bad value stops the start naming the variable: %j', (env, name) => {
    expect(() => loadSiteConfig(env)).toThrow(name);
  });

  test('a contact file that does not hold is refused naming the file variable and the field', () => {
    const dir = tempDataDir();
    const file = join(dir.path, 'contact.json');
    writeFileSync(
      file,
      JSON.stringify({ contacts: [{ id: 'x', type: 'fax', label: 'Fax', value: '1' }], socialNetworks: [] }),
    );
    try {
      expect(() => loadSiteConfig({ CONTACT_INFORMATION_FILE: file })).toThrow(
        /CONTACT_INFORMATION_FILE: contacts\.0\.type/,
      );
      writeFileSync(file, '{not json');
      expect(() => loadSiteConfig({ CONTACT_INFORMATION_FILE: file })).toThrow(/not JSON/);
    } finally {
      dir.remove();
    }
  });

  test('the site routes are not built with a bad setting: the runtime stops at start', () => {
    process.env.QP_VERSION = 'no spaces allowed';
    try {
      // Settings are read before anything else of the context is touched.
      expect(() => siteModule.routes({} as AppContext)).toThrow(/QP_VERSION/);
    } finally {
      delete process.env.QP_VERSION;
    }
  });
});
