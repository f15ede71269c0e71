import { Puzzle } from 'lucide-react';
import { extensionStoreUrl } from '@shared/routes';
import { track } from '@web/analytics/track';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

export function ExtensionCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Browser extension</CardTitle>
        <CardDescription>Save the page you are reading in one click, title and address included.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a
            href={extensionStoreUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => track('extension_click', { from: 'support' })}
          >
            <Puzzle aria-hidden />
            Get the browser extension
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
