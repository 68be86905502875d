/**
 * The image loader's rules (000-4.26, 001-2.41, 001-5.20, 001-9.03). An image waits until it nears the
 * viewport (not-yet-visible → visible; once out of view, not-visible), except for bots, which get every
 * image at once (pre-rendering) so a pre-rendered page is complete. Raster images are asked for as webp
 * where the browser reads it; the original is used when it does not (with a warning) and whenever the
 * webp fails to load.
 */

import { isBot } from './bots';

export type ImageState = 'not-yet-visible' | 'visible' | 'not-visible' | 'pre-rendering';

/** Observer settings of the loader (001-9.03): threshold 0.1, 200 px margin. */
export const IMAGE_OBSERVER_OPTIONS = Object.freeze({ threshold: 0.1, rootMargin: '200px' });
/** The fade-in flag is set 100 ms after the image becomes visible (001-9.03). */
export const IMAGE_ANIMATION_DELAY_MS = 100;
export const WEBP_UNSUPPORTED_WARNING =
  'El navegador no admite webp: se usa el formato original de las imágenes.';

export function initialImageState(userAgent: string | null | undefined): ImageState {
  return isBot(userAgent) ? 'pre-rendering' : 'not-yet-visible';
}

/** The state after the observer reports; pre-rendering never changes. */
export function imageStateOn(state: ImageState, intersecting: boolean): ImageState {
  if (state === 'pre-rendering') return state;
  return intersecting ? 'visible' : state === 'not-yet-visible' ? state : 'not-visible';
}

/** The webp variant of a raster image ('/a/b.png?v=2' → '/a/b.webp?v=2'); null for svg, gif, webp… */
export function webpVariant(src: string): string | null {
  const match = /^([^?#]+)\.(png|jpe?g)([?#].*)?$/i.exec(src);
  return match ? `${match[1]}.webp${match[3] ?? ''}` : null;
}

/**
 * What the <img> asks for: nothing before the image is first seen; afterwards the webp variant when the
 * browser supports it and it has not failed, else the original. A not-visible image keeps its source.
 */
export function imageSource(
  state: ImageState,
  original: string,
  options: { webpSupported: boolean; failed?: boolean },
): string | null {
  if (state === 'not-yet-visible') return null;
  const webp = options.webpSupported && !options.failed ? webpVariant(original) : null;
  return webp ?? original;
}

/** The warning is logged when an image had a webp variant the browser cannot read (001-2.41). */
export function webpWarning(original: string, webpSupported: boolean): string | null {
  return !webpSupported && webpVariant(original) !== null ? WEBP_UNSUPPORTED_WARNING : null;
}
