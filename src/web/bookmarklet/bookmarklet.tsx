import { Bookmark } from 'lucide-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { CopyButton } from '@web/components/copy-button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { toast } from '@web/toasts/use-toast';
import { bookmarkletCode } from './bookmarklet-code';

/**
 * The Save to Stash bookmarklet: a link to drag to the bookmarks bar, and its code to copy into
 * a bookmark on a phone. React refuses javascript: addresses in href, so the address is set on
 * the element directly; it is built from this site's own origin, never from anything typed.
 */
export function Bookmarklet() {
  const link = useRef<HTMLAnchorElement>(null);
  // Written at build time (src/web/prerender/) the page has no origin; the code only ever reaches the browser's DOM and clipboard.
  const code = typeof window === 'undefined' ? '' : bookmarkletCode(window.location.origin);
  useEffect(() => {
    link.current?.setAttribute('href', code);
  }, [code]);

  // Run here it would only reopen Stash (and our CSP refuses it anyway): say how it is used instead.
  const explain = (event: MouseEvent) => {
    event.preventDefault();
    toast({
      title: 'Drag it to your bookmarks',
      description: 'Drag the Save to Stash button to your bookmarks bar, then click it on any page to save that page.',
    });
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <a ref={link} className={buttonVariants()} draggable onClick={explain}>
          <Bookmark aria-hidden />
          Save to Stash
        </a>
        <CopyButton text={code} label="Copy the bookmarklet" />
      </div>
      <p className="text-sm text-muted-foreground">
        On a computer, drag the button to your bookmarks bar. On a phone, bookmark any page, edit the bookmark, and paste the copied code as
        its address. On any page, open the bookmark: the page opens in Stash, ready to save.
      </p>
    </div>
  );
}
