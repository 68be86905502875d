import { BOT_USER_AGENTS, isBot } from '../../../src/domain/shell/bots';
import {
  IMAGE_ANIMATION_DELAY_MS,
  IMAGE_OBSERVER_OPTIONS,
  imageSource,
  imageStateOn,
  initialImageState,
  WEBP_UNSUPPORTED_WARNING,
  webpVariant,
  webpWarning,
} from '../../../src/domain/shell/imageLoading';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('shell/imageLoading', () => {
  test('001-5.20 prerender, googlebot, bingbot, petalbot, yahoo, ahrefsbot and ahrefssiteaudit are bots', () => {
    expect([...BOT_USER_AGENTS]).toEqual([
      'prerender',
      'googlebot',
      'bingbot',
      'petalbot',
      'yahoo',
      'ahrefsbot',
      'ahrefssiteaudit',
    ]);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (Linux; Android 7.0;) (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (compatible; AhrefsSiteAudit/6.1; +http://ahrefs.com/robot/site-audit)',
      `${CHROME} Prerender (+https://github.com/prerender/prerender)`,
    ])
      expect(isBot(agent)).toBe(true);
    expect(isBot(CHROME)).toBe(false);
    expect(isBot('')).toBe(false);
    expect(isBot(undefined)).toBe(false);
  });

  test('001-5.20 000-4.26 bots get the pre-rendering image state, browsers start not yet visible', () => {
    expect(initialImageState('Googlebot/2.1')).toBe('pre-rendering');
    expect(initialImageState(CHROME)).toBe('not-yet-visible');
  });

  test('000-4.26 images go through not-yet-visible, visible and not-visible; pre-rendering stays', () => {
    let state = initialImageState(CHROME);
    expect(imageSource(state, '/images/logo.svg', { webpSupported: true })).toBeNull();
    expect((state = imageStateOn(state, false))).toBe('not-yet-visible');
    expect((state = imageStateOn(state, true))).toBe('visible');
    expect((state = imageStateOn(state, false))).toBe('not-visible');
    // Once loaded, an image out of view keeps its source.
    expect(imageSource(state, '/images/logo.svg', { webpSupported: true })).toBe('/images/logo.svg');
    expect(imageStateOn(state, true)).toBe('visible');
    expect(imageStateOn('pre-rendering', false)).toBe('pre-rendering');
    expect(imageSource('pre-rendering', '/images/logo.svg', { webpSupported: false })).toBe(
      '/images/logo.svg',
    );
  });

  test('000-4.26 001-2.41 raster images ask for webp where supported; on error the original image is used', () => {
    expect(webpVariant('/images/banner.png')).toBe('/images/banner.webp');
    expect(webpVariant('/images/foto.JPG?v=2')).toBe('/images/foto.webp?v=2');
    expect(webpVariant('/images/logo.svg')).toBeNull();
    expect(imageSource('visible', '/images/banner.png', { webpSupported: true })).toBe('/images/banner.webp');
    expect(imageSource('visible', '/images/banner.png', { webpSupported: true, failed: true })).toBe(
      '/images/banner.png',
    );
  });

  test('001-2.41 without webp support images use their original format and a warning is logged', () => {
    expect(imageSource('visible', '/images/banner.png', { webpSupported: false })).toBe('/images/banner.png');
    expect(webpWarning('/images/banner.png', false)).toBe(WEBP_UNSUPPORTED_WARNING);
    // Nothing to warn about: the browser reads webp, or the image never had a webp variant.
    expect(webpWarning('/images/banner.png', true)).toBeNull();
    expect(webpWarning('/images/logo.svg', false)).toBeNull();
  });

  test('001-9.03 image visibility uses threshold 0.1 and margin 200 px; the animation flag follows after 100 ms', () => {
    expect(IMAGE_OBSERVER_OPTIONS).toEqual({ threshold: 0.1, rootMargin: '200px' });
    expect(IMAGE_ANIMATION_DELAY_MS).toBe(100);
  });
});
