import { loadConfig } from '@cubre/services/runtime/config';
import { editionPages } from '@cubre/services/storefront/pageAnswer';

/**
 * The storefront's version check (001-4.21, 001-4.22) is the server's to turn on: STOREFRONT_VERSION_CHECK
 * (off by default) puts a meta tag with the allowed reloads in index.html; the page reads it.
 */
const INDEX = Buffer.from('<!doctype html><html><head><title>Cubre</title></head><body></body></html>');

describe('the version check setting', () => {
  test('001-4.21 off by default: no meta tag; on, the tag carries STOREFRONT_VERSION_RELOADS (1 by default)', () => {
    const base = { DATA_DIR: '/tmp/unused' };
    const off = loadConfig(base);
    expect(off.STOREFRONT_VERSION_CHECK).toBe(false);
    expect(editionPages(INDEX)('CL').toString()).not.toContain('cubre-version-check');

    const on = loadConfig({ ...base, STOREFRONT_VERSION_CHECK: 'true' });
    expect(on.STOREFRONT_VERSION_RELOADS).toBe(1);
    const page = editionPages(INDEX, { versionCheck: { reloads: on.STOREFRONT_VERSION_RELOADS } })('CL');
    expect(page.toString()).toContain('<meta name="cubre-edition" content="CL" />');
    expect(page.toString()).toContain('<meta name="cubre-version-check" content="1" />');
    expect(loadConfig({ ...base, STOREFRONT_VERSION_RELOADS: '3' }).STOREFRONT_VERSION_RELOADS).toBe(3);
  });

  test('001-4.22 a bad setting stops the start naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/unused', STOREFRONT_VERSION_CHECK: 'yes' })).toThrow(
      /STOREFRONT_VERSION_CHECK/,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/unused', STOREFRONT_VERSION_RELOADS: '0' })).toThrow(
      /STOREFRONT_VERSION_RELOADS/,
    );
  });
});
