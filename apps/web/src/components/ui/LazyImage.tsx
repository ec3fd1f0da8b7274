import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

export const LAZY_IMAGE_ATTEMPTS = 3;
export const LAZY_IMAGE_THRESHOLD = 0.1;

/** Neutral placeholder shown after the last failed attempt (inline, no request). */
export const FALLBACK_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 160 100'%3E%3Crect width='160' height='100' fill='%23232b45'/%3E%3Cpath d='M60 64l14-18 10 12 8-8 12 14z' fill='%23414b6e'/%3E%3Ccircle cx='98' cy='40' r='6' fill='%23414b6e'/%3E%3C/svg%3E";

export type LazyImageState = 'loading' | 'loaded' | 'error';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'onLoad'> {
  src: string | null | undefined;
  alt: string;
  fallbackSrc?: string;
  attempts?: number;
}

/**
 * Loads when scrolled into view (IntersectionObserver, threshold 0.1), retries up to `attempts`
 * times, then shows the fallback image. Exposes its state as data-state for styling.
 */
export function LazyImage({
  src,
  alt,
  fallbackSrc = FALLBACK_IMAGE,
  attempts = LAZY_IMAGE_ATTEMPTS,
  className,
  ...rest
}: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LazyImageState>('loading');

  useEffect(() => {
    setAttempt(0);
    setState(src ? 'loading' : 'error');
  }, [src]);

  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_IMAGE_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  const currentSrc =
    state === 'error' || !src
      ? fallbackSrc
      : visible
        ? attempt === 0
          ? src
          : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`
        : undefined;

  return (
    <img
      ref={ref}
      {...rest}
      className={className ? `lazy-img ${className}` : 'lazy-img'}
      data-state={state}
      alt={alt}
      src={currentSrc}
      onLoad={() => {
        if (state !== 'error') setState('loaded');
      }}
      onError={() => {
        if (state === 'error') return;
        if (attempt + 1 < attempts) setAttempt((n) => n + 1);
        else {
          console.warn('image failed after retries', src);
          setState('error');
        }
      }}
    />
  );
}
