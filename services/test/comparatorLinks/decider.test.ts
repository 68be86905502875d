import { CommandRejected } from '@cubre/platform/core/decider';
import {
  comparatorLinkDecider,
  type ComparatorLinkDomainEvent,
} from '@cubre/services/comparatorLinks/decider';
import { linkCodeFor } from '@cubre/services/comparatorLinks/linkCode';
import { checkSiteUrl, redirectTarget } from '@cubre/services/comparatorLinks/siteUrl';
import { DeciderSpecification } from '../support/deciderSpecification';

const spec = DeciderSpecification.for(comparatorLinkDecider);
const saved = (path: string, link = 'Ab12Cd34'): ComparatorLinkDomainEvent => ({
  type: 'ComparatorUrlSaved',
  data: { link, url: `https://cubre.cl${path}`, path },
});
const save = (path: string, link = 'Ab12Cd34') => ({
  type: 'SaveComparatorUrl' as const,
  data: { link, url: `https://cubre.cl${path}`, path },
});

describe('comparator link decider', () => {
  test('000-7.24 saving a comparator URL under a free link records it', () => {
    spec
      .given([])
      .when(save('/Comparar/Isapres?page=2'))
      .then([saved('/Comparar/Isapres?page=2')]);
  });

  test('saving the same path again records nothing: the visitor gets the same link back', () => {
    spec
      .given([saved('/Comparar/Isapres')])
      .when(save('/Comparar/Isapres'))
      .thenNothingHappens();
  });

  test('a different path under a taken link is refused as a conflict on url', () => {
    spec
      .given([saved('/Comparar/Isapres')])
      .when(save('/Comparar/Seguros-de-Salud'))
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(CommandRejected);
        expect(error).toMatchObject({ rule: 'link_taken', status: 409, field: 'url' });
      });
  });
});

describe('redirects stay on this site', () => {
  test.each([
    ['/Comparar/Isapres?page=2', '/Comparar/Isapres?page=2'],
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example', '/evil.example'],
    ['\\/evil.example', '/evil.example'],
  ])('a stored %j redirects to %j', (path, target) => {
    expect(redirectTarget(path)).toBe(target);
  });
});

describe('short link codes', () => {
  test('the same path always gets the same 8-character base62 link', () => {
    const code = linkCodeFor('/Comparar/Isapres?perfil=abc');
    expect(code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(linkCodeFor('/Comparar/Isapres?perfil=abc')).toBe(code);
  });

  test('another attempt for the same path gives another link', () => {
    expect(linkCodeFor('/Comparar/Isapres', 1)).not.toBe(linkCodeFor('/Comparar/Isapres', 0));
  });

  test('10,000 different paths get 10,000 different links', () => {
    const codes = new Set(
      Array.from({ length: 10_000 }, (_, i) => linkCodeFor(`/Comparar/Isapres?page=${i}`)),
    );
    expect(codes.size).toBe(10_000);
  });
});

describe('only URLs of this site are saved', () => {
  const origins = ['https://cubre.cl', 'http://localhost:3000'];

  test.each([
    ['https://cubre.cl/Comparar/Isapres?page=2#top', '/Comparar/Isapres?page=2#top'],
    ['http://localhost:3000/Comparar/Seguros-de-Salud', '/Comparar/Seguros-de-Salud'],
    ['/Comparar/Isapres?code=X&skipLanding=true', '/Comparar/Isapres?code=X&skipLanding=true'],
  ])('%s is saved as %s', (url, path) => {
    expect(checkSiteUrl(url, origins)).toEqual({ ok: true, path });
  });

  test.each([
    ['https://evil.example/Comparar', 'same_site'],
    ['https://cubre.cl.evil.example/Comparar', 'same_site'],
    ['https://user:pass@cubre.cl/Comparar', 'same_site'],
    ['javascript:alert(1)', 'same_site'],
    ['//evil.example/Comparar', 'url'],
    ['/\\evil.example', 'url'],
    ['not a url', 'url'],
    ['https://cubre.cl/url/Ab12Cd34', 'not_a_short_link'],
    ['https://cubre.cl/URL/Ab12Cd34', 'not_a_short_link'],
    ['https://cubre.cl//evil.example/phish', 'same_site'],
    ['/.//evil.example/x', 'same_site'],
    ['https://cubre.cl/\\evil.example', 'same_site'],
    ['/\t/[', 'url'],
    ['/\n/a:b', 'url'],
    ['/\r/exa mple', 'url'],
  ])('%j is refused (%s)', (url, rule) => {
    const check = checkSiteUrl(url, origins);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.rule).toBe(rule);
  });
});
