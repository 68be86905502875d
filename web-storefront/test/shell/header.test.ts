/** The header as the server would draw it on a desktop (no matchMedia: the wide layout). */
jest.mock('../../src/app/config', () => ({
  SITE: {
    country: 'CL',
    version: 'test',
    defaultPath: '/Comparar/Seguros-de-Salud',
    contactEmail: 'contacto@cubre.cl',
    languages: ['es', 'en', 'pt'],
    portalLink: 'dialog',
    portals: [],
  },
}));

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { splitLanguage } from '../../src/domain/routing/language';
import { I18nProvider } from '../../src/i18n/I18nProvider';
import { Header } from '../../src/shell/Header';

/** As Layout draws it: the page's language around the header. */
const render = (path: string) =>
  renderToString(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(I18nProvider, {
        lang: splitLanguage(path).lang,
        children: createElement(Header, { path }),
      }),
    ),
  )
    // Emotion's style tags and class names are noise here.
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/ class="[^"]*"/g, '');

describe('shell/Header', () => {
  test('001-1.01 the fixed header holds a category menu, a contact link, a customer-portal link, a language selector and a bell', () => {
    const html = render('/Comparar/Seguros-de-Salud');
    expect(html).toMatch(/<header[^>]*data-testid="header"/);
    // The category menu's landmark (its items come from /api/menu once the page runs).
    expect(html).toMatch(/<nav aria-label="Categorías">/);
    expect(html).toMatch(/<a [^>]*href="\/contacto"[^>]*>Contacto<\/a>/);
    expect(html).toMatch(/<button [^>]*aria-haspopup="dialog"[^>]*>Portal clientes<\/button>/);
    expect(html).toMatch(/<button [^>]*aria-label="ES, Idioma"[^>]*data-testid="language"[^>]*>ES<\/button>/);
    expect(html).toMatch(/<button [^>]*aria-label="Notificaciones \+1"[^>]*data-testid="bell"/);
    // In the order of the bar: menu, contact, portal, language, bell.
    const order = [
      'aria-label="Categorías"',
      'href="/contacto"',
      'Portal clientes',
      'data-testid="language"',
      'data-testid="bell"',
    ].map((part) => html.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('001-1.01 under a language prefix the header links stay in that language', () => {
    const html = render('/en/Comparar/Seguros-de-Salud');
    expect(html).toMatch(/href="\/en\/contacto"/);
    expect(html).toMatch(/href="\/en"/);
    expect(html).toMatch(/data-testid="language"[^>]*>EN<\/button>/);
  });
});
