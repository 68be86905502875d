import { useEffect, useState } from 'react';

/** Scroll tracking is throttled at 10 ms (001-9.01). */
const SCROLL_THROTTLE_MS = 10;

/**
 * Whether the header should hide (001-2.23, 001-4.04): only while active (on mobile, menu closed), hidden
 * when the page scrolls down past the header, shown again on any scroll up.
 */
export function useHideOnScroll(active: boolean, headerHeight: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!active) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    let waiting = false;
    const onScroll = () => {
      if (waiting) return;
      waiting = true;
      setTimeout(() => {
        waiting = false;
        const now = window.scrollY;
        if (now > last && now > headerHeight) setHidden(true);
        else if (now < last) setHidden(false);
        last = now;
      }, SCROLL_THROTTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [active, headerHeight]);
  return hidden;
}
