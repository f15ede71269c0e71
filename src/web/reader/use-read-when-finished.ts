import { useEffect, useRef, type RefObject } from 'react';

/** docs/reading.md: the least time on a page, in the foreground, for reaching its end to count as reading it… */
export const MIN_READING_SECONDS = 15;
/** …and the most that is asked, however long the page. */
export const MAX_READING_SECONDS = 180;

/** A quarter of the page's reading time, within those bounds. */
export function secondsToCountAsRead(readingMinutes: number): number {
  return Math.min(MAX_READING_SECONDS, Math.max(MIN_READING_SECONDS, Math.round((readingMinutes * 60) / 4)));
}

/**
 * Calls `onFinished` once, while `active`, when the user has reached the end (`end` has been on
 * screen) and the page has been open in the foreground long enough (docs/reading.md).
 */
export function useReadWhenFinished(
  end: RefObject<HTMLElement | null>,
  readingMinutes: number,
  active: boolean,
  onFinished: () => void,
): void {
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    const target = end.current;
    if (!active || !target) return;
    let reachedEnd = false;
    let seconds = 0;
    const needed = secondsToCountAsRead(readingMinutes);
    const check = () => {
      if (!reachedEnd || seconds < needed) return;
      stop();
      finished.current();
    };
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      reachedEnd = true;
      check();
    });
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      seconds += 1;
      check();
    }, 1000);
    const stop = () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
    observer.observe(target);
    return stop;
  }, [active, end, readingMinutes]);
}
