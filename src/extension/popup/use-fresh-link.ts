import { useEffect, useState } from 'react';
import type { Link } from '../../shared/links-schemas';
import { askWorker } from '../messages';

/** How often, and how many times, the popup asks whether the server has read the page yet. */
const REFRESH_EVERY_MS = 1000;
const REFRESH_TRIES = 20;

/**
 * The link, fetched again while the server is still reading its page (contentStatus 'pending'),
 * so the card gains its site name, excerpt and reading time while the popup is open.
 */
export function useFreshLink(saved: Link): [Link, (link: Link) => void] {
  const [link, setLink] = useState(saved);
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (link.contentStatus !== 'pending' || tries >= REFRESH_TRIES) return;
    let current = true;
    const timer = setTimeout(() => {
      void askWorker({ type: 'refresh', url: link.url }).then((fresh) => {
        if (!current) return;
        if (fresh?.id === link.id) setLink(fresh);
        // Gone (undone, deleted elsewhere) or not answerable: stop asking.
        setTries((done) => (fresh ? done + 1 : REFRESH_TRIES));
      });
    }, REFRESH_EVERY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [link, tries]);

  return [link, setLink];
}
