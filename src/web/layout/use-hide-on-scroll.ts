import { useCallback, useEffect, useRef, useState } from 'react';
import { isHeaderHidden } from './header-visibility';

/** Whether the header is scrolled away, and a way to bring it back (when it receives focus). */
export function useHideOnScroll(): { hidden: boolean; reveal: () => void } {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);

  useEffect(() => {
    lastY.current = window.scrollY;
    const onScroll = () => {
      const previousY = lastY.current;
      const y = window.scrollY;
      lastY.current = y;
      setHidden((wasHidden) => isHeaderHidden(previousY, y, wasHidden));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const reveal = useCallback(() => setHidden(false), []);
  return { hidden, reveal };
}
