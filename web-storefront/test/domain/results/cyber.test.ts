import { CYBER_WINDOW, cyberBannerVisible, windowFromEvent } from '../../../src/domain/results/cyber';

describe('results/cyber', () => {
  test('000-4.24 the Cyber banner shows from 2025-10-06 00:00 Chile time', () => {
    expect(cyberBannerVisible(new Date('2025-10-06T00:00:00-03:00'))).toBe(true);
    expect(cyberBannerVisible(new Date('2025-10-05T23:59:59-03:00'))).toBe(false);
    // 02:59 UTC on the 6th is still the 5th in Santiago.
    expect(cyberBannerVisible(new Date('2025-10-06T02:59:59Z'))).toBe(false);
  });

  test('000-4.24 the Cyber banner shows until 2025-10-12T23:59:59 and is hidden after', () => {
    expect(cyberBannerVisible(new Date('2025-10-09T12:00:00-03:00'))).toBe(true);
    expect(cyberBannerVisible(new Date('2025-10-12T23:59:59.500-03:00'))).toBe(true);
    expect(cyberBannerVisible(new Date('2025-10-13T00:00:00-03:00'))).toBe(false);
    expect(cyberBannerVisible(new Date('2026-10-08T12:00:00-03:00'))).toBe(false);
  });

  test('000-4.24 a window can be overridden, and an event switched off hides the banner', () => {
    const window = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-02T00:00:00Z') };
    expect(cyberBannerVisible(new Date('2026-01-01T12:00:00Z'), window)).toBe(true);
    expect(cyberBannerVisible(new Date('2025-10-08T12:00:00-03:00'), window)).toBe(false);
    const fromEvent = windowFromEvent({
      start: '2026-03-01T00:00:00-03:00',
      finish: '2026-03-02T23:59:59-03:00',
    });
    expect(fromEvent && cyberBannerVisible(new Date('2026-03-02T10:00:00-03:00'), fromEvent)).toBe(true);
    expect(windowFromEvent({ start: '2026-03-01', finish: '2026-03-02', show: false })).toBeNull();
    expect(windowFromEvent({ start: 'nope', finish: '2026-03-02' })).toBeNull();
    expect(cyberBannerVisible(new Date('2025-10-08T12:00:00-03:00'), null)).toBe(false);
    expect(CYBER_WINDOW.start.toISOString()).toBe('2025-10-06T03:00:00.000Z');
  });
});
