import { cardBanner } from '../../../src/domain/results/banner';

describe('results/banner', () => {
  test('000-2.41 a result card may carry a promotional banner with links', () => {
    expect(
      cardBanner({
        text: ' 20% de descuento en octubre ',
        links: [
          { label: 'Ver condiciones', url: '/Seguros/Faro-Seguros/Oncologico-Faro/Condiciones' },
          { label: 'Bases', url: 'https://www.cubre.cl/bases.pdf' },
        ],
      }),
    ).toEqual({
      text: '20% de descuento en octubre',
      links: [
        {
          label: 'Ver condiciones',
          url: '/Seguros/Faro-Seguros/Oncologico-Faro/Condiciones',
          external: false,
        },
        { label: 'Bases', url: 'https://www.cubre.cl/bases.pdf', external: true },
      ],
    });
    expect(cardBanner({ text: 'Solo texto' })).toEqual({ text: 'Solo texto', links: [] });
  });

  test('000-2.41 no banner without text; unsafe or empty links are dropped', () => {
    expect(cardBanner(null)).toBeNull();
    expect(cardBanner(undefined)).toBeNull();
    expect(cardBanner({ text: '   ', links: [{ label: 'x', url: '/x' }] })).toBeNull();
    const banner = cardBanner({
      text: 'Oferta',
      links: [
        { label: 'malo', url: 'javascript:alert(1)' },
        { label: 'otro sitio sin esquema', url: '//evil.example/x' },
        { label: '', url: '/sin-nombre' },
        { label: 'sin url', url: ' ' },
        { label: 'ftp', url: 'ftp://files.example/x' },
        { label: 'ok', url: '/Comparar/Seguros-de-Salud' },
      ],
    });
    expect(banner?.links.map((link) => link.label)).toEqual(['ok']);
  });
});
