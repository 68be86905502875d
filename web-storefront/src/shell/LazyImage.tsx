import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import {
  IMAGE_ANIMATION_DELAY_MS,
  IMAGE_OBSERVER_OPTIONS,
  imageSource,
  imageStateOn,
  initialImageState,
  webpWarning,
  type ImageState,
} from '../domain/shell/imageLoading';

let webp: boolean | undefined;
/** Whether the browser writes (so reads) webp; asked once per page. */
function webpSupported(): boolean {
  if (webp === undefined) {
    try {
      webp = document.createElement('canvas').toDataURL('image/webp').startsWith('data:image/webp');
    } catch {
      webp = false;
    }
  }
  return webp;
}
let warned = false;

/**
 * An image that loads when it nears the viewport, at once for bots, as webp where the browser reads it
 * and as the original otherwise or when the webp fails (000-4.26, 001-2.41, 001-5.20, 001-9.03). It
 * fades in 100 ms after it is first seen.
 */
export function LazyImage({
  src,
  alt,
  ...rest
}: { src: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const [state, setState] = useState<ImageState>(() => initialImageState(navigator.userAgent));
  const [failed, setFailed] = useState(false);
  const [animated, setAnimated] = useState(false);
  const element = useRef<HTMLImageElement>(null);
  const bot = state === 'pre-rendering';
  const supported = webpSupported();

  useEffect(() => {
    const image = element.current;
    if (!image || bot) return;
    const observer = new IntersectionObserver(
      (entries) =>
        setState((current) =>
          imageStateOn(
            current,
            entries.some((entry) => entry.isIntersecting),
          ),
        ),
      IMAGE_OBSERVER_OPTIONS,
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [bot]);

  useEffect(() => {
    if (state !== 'visible' || animated) return;
    const timer = setTimeout(() => setAnimated(true), IMAGE_ANIMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, animated]);

  useEffect(() => {
    const warning = webpWarning(src, supported);
    if (warning && !warned) {
      warned = true;
      console.warn(warning);
    }
  }, [src, supported]);

  const source = imageSource(state, src, { webpSupported: supported, failed });
  return (
    <img
      ref={element}
      alt={alt}
      {...rest}
      src={source ?? undefined}
      data-state={state}
      onError={() => setFailed(true)}
      style={{ opacity: bot || animated ? 1 : 0, transition: 'opacity 200ms ease-out', ...rest.style }}
    />
  );
}
