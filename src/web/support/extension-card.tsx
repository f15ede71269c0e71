import { Puzzle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { extensionGuideId, paths } from '@shared/routes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/**
 * Where the browser extension comes from (docs/extension.md): no store lists it yet, so it is built
 * from Stash's source and loaded unpacked. The header's Extension link lands here.
 */
export function ExtensionCard() {
  const card = useRef<HTMLDivElement>(null);
  // Reached by an in-app link to /support#browser-extension, which no browser scrolls to by itself.
  useEffect(() => {
    if (window.location.hash === `#${extensionGuideId}`) card.current?.scrollIntoView();
  }, []);

  return (
    <Card id={extensionGuideId} ref={card} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Puzzle aria-hidden className="size-5 shrink-0" />
          Browser extension
        </CardTitle>
        <CardDescription>Save the page you are reading in one click, title and address included.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          <strong>Not in the Chrome or Firefox stores yet.</strong> Until it is listed, the extension comes with Stash's own source code:{' '}
          <code className="break-all">npm run build:extension</code> builds it for Chrome and for Firefox, and your browser loads that
          folder from its extensions page (Developer mode, then Load unpacked; in Firefox, about:debugging).
        </p>
        <p>
          Today, in any browser, the{' '}
          <Link href={`${paths.mobileApps}#bookmarklet-heading`} className="font-medium underline underline-offset-4">
            bookmarklet
          </Link>{' '}
          saves the page you are reading in one tap.
        </p>
      </CardContent>
    </Card>
  );
}
